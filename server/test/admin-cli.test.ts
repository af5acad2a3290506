import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AdminCtx } from '../src/domain/admin/lifecycle.js'
import { runAdmin } from '../src/cli/admin.js'
import { setupServers, type Storage, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

describe('npm run admin', () => {
  let storage: Storage
  let s: TestServer
  setupServers('pglite', 1, (env) => {
    storage = env.storage
    s = env.servers[0]!
  })
  const run = (...argv: string[]) => runAdmin(argv, s.built.ctx as AdminCtx)

  it('promote, ban, unban, grant-vip, codes and export-reports act through the domain and are audited as cli', async () => {
    const u = await registerUser(s, '命令行')
    expect(await run('promote', u.phone)).toBe(`${u.wtId} is an operator`)
    expect((await s.api('/api/admin/me', undefined, { token: u.token })).code).toBe(200)
    expect(await run('ban', u.wtId, '2', '测试')).toContain('banned until')
    expect((await s.api<{ rows: Array<{ state: string }> }>(`/api/admin/users?keyword=${u.wtId}`, undefined, { token: u.token })).data.rows[0]!.state).toBe('banned')
    await run('unban', u.phone)
    expect(await run('grant-vip', u.phone, '4', '10')).toMatch(new RegExp(`^${u.wtId}: VIP4 until`))
    expect(await s.api('/api/user/info', undefined, { token: u.token })).toMatchObject({ data: { vipType: 1, vipLevel: 4 } })
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codes-'))
    expect(await run('codes', '2', '7', '3', path.join(dir, 'c.csv'))).toMatch(/^3 codes in batch/)
    expect(fs.readFileSync(path.join(dir, 'c.csv'), 'utf8').trim().split('\r\n')).toHaveLength(4)
    await run('export-reports', path.join(dir, 'r.csv'))
    expect(fs.readFileSync(path.join(dir, 'r.csv'), 'utf8')).toContain('targetName')
    await expect(run('ban', 'nobody', '1')).rejects.toThrow('用户不存在')
    await expect(run('frobnicate')).rejects.toThrow('usage')
    const { rows } = await storage.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE operator = 'cli' ORDER BY id`)
    expect(rows.map((r) => r.action)).toEqual(['promote', 'ban', 'restore', 'membership.grant', 'codes.create', 'reports.export'])
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
