import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import type { DictEntry } from '../../types/complaint.js'
import { loadConfig } from '../src/config.js'
import { BACKENDS, freshPhone, openStorage, startServer, type Storage } from './support/server.js'

describe('CALL_MEDIA_SWITCH', () => {
  it('is an override only when set', () => {
    expect(loadConfig({}).calls.mediaSwitch).toBeNull()
    expect(loadConfig({ CALL_MEDIA_SWITCH: '' }).calls.mediaSwitch).toBeNull()
    expect(loadConfig({ CALL_MEDIA_SWITCH: '0' }).calls.mediaSwitch).toBe('0')
    expect(loadConfig({ CALL_MEDIA_SWITCH: 'off' }).calls.mediaSwitch).toBe('0')
    expect(loadConfig({ CALL_MEDIA_SWITCH: '1' }).calls.mediaSwitch).toBe('1')
  })
})

describe.each(BACKENDS)('web_media_switch in the dictionary on %s', (backend) => {
  let storage: Storage
  beforeAll(async () => {
    storage = await openStorage(backend)
  })
  afterAll(async () => {
    await storage?.close()
  })

  /** One server start over the shared database (CALL_MEDIA_SWITCH as given), and what a client reads then. */
  async function bootAndRead(mediaSwitch: '1' | '0' | null) {
    const s = await startServer(storage, { calls: { ...loadConfig({}).calls, mediaSwitch } })
    try {
      const { data: user } = await s.api<LoginResult>('/api/user/login/register', { phone: freshPhone(), pwd: 'secret123', nickName: '开关' })
      const lookup = await s.api<DictEntry[]>('/api/dict/data/getListByDictType', { dictType: 'web_media_switch' }, { token: user.token })
      const oldRoute = await s.api('/api/media/switch', undefined, { token: user.token })
      const reports = await s.api<DictEntry[]>('/api/dict/data/getListByDictType', { dictType: 'user_complaint_type' }, { token: user.token })
      return { lookup, oldRoute, reports }
    } finally {
      await s.close()
    }
  }

  it('is seeded on, follows the table without CALL_MEDIA_SWITCH, and the variable overrides it at start-up', async () => {
    const seeded = await bootAndRead(null)
    expect(seeded.lookup).toMatchObject({ code: 200, data: [{ dictLabel: 'web_media_switch', dictValue: '1', dictSort: 0 }] })
    // The config route is gone: the dictionary is the one source.
    expect(seeded.oldRoute.status).toBe(404)

    // An operator switches calls off by the environment: the stored value becomes '0', the only entry.
    expect((await bootAndRead('0')).lookup.data).toEqual([{ dictLabel: 'web_media_switch', dictValue: '0', dictSort: 0 }])
    // Without the variable the stored value stays what it was.
    expect((await bootAndRead(null)).lookup.data).toEqual([{ dictLabel: 'web_media_switch', dictValue: '0', dictSort: 0 }])

    // An administrator switches them back on in the table; the next start keeps it.
    await storage.db.query("UPDATE dict_data SET dict_value = '1' WHERE dict_type = 'web_media_switch'")
    expect((await bootAndRead(null)).lookup.data).toEqual([{ dictLabel: 'web_media_switch', dictValue: '1', dictSort: 0 }])

    // The variable wins again on the next start, whichever value is stored.
    expect((await bootAndRead('0')).lookup.data).toEqual([{ dictLabel: 'web_media_switch', dictValue: '0', dictSort: 0 }])
    expect((await bootAndRead('1')).lookup.data).toEqual([{ dictLabel: 'web_media_switch', dictValue: '1', dictSort: 0 }])
    const { rows } = await storage.db.query<{ n: number }>("SELECT count(*)::int AS n FROM dict_data WHERE dict_type = 'web_media_switch'")
    expect(rows[0]!.n).toBe(1)
  })

  it('leaves the other dictionaries alone', async () => {
    const { reports } = await bootAndRead('0')
    expect(reports.data.map((e) => e.dictValue)).toEqual(['1', '2', '3', '4', '5', '6', '7'])
  })
})
