import { beforeAll, describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import type { DictEntry } from '../../types/complaint.js'
import type { UploadResult } from '../../types/upload.js'
import { BACKENDS, setupServers, type Storage, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'
import { PNG_1x1 } from './support/uploads.js'

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])
const GIF_HEAD = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1')

describe.each(BACKENDS)('reports and dictionaries on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  let me: LoginResult
  let other: LoginResult
  setupServers(backend, 1, (env) => {
    storage = env.storage
    s = env.servers[0]!
  })
  beforeAll(async () => {
    me = await registerUser(s, 'u')
    other = await registerUser(s, 'u')
  })

  async function upload(content: Buffer, name: string, kind: string, token = me.token) {
    const form = new FormData()
    form.append('kind', kind)
    form.append('file', new Blob([new Uint8Array(content)]), name)
    const res = await fetch(`${s.url}/api/oss/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
    return ((await res.json()) as { data: UploadResult }).data.url
  }
  const report = (body: Record<string, unknown>, token = me.token) =>
    s.api<{ id: number }>('/api/complaint/add', { complaintDetail: '骚扰我', complaintType: '3', targetId: other.wtId, type: 0, ...body }, { token })

  it('lists seeded report types for users and groups', async () => {
    const users = await s.api<DictEntry[]>('/api/dict/data/getListByDictType', { dictType: 'user_complaint_type' }, { token: me.token })
    expect(users.data.length).toBeGreaterThanOrEqual(5)
    expect(users.data[0]).toMatchObject({ dictLabel: expect.any(String), dictValue: '1' })
    expect(users.data.map((d) => d.dictLabel)).toContain('其他')
    const groups = await s.api<DictEntry[]>('/api/dict/data/getListByDictType', { dictType: 'group_complaint_type' }, { token: me.token })
    expect(groups.data.length).toBeGreaterThanOrEqual(5)
    expect((await s.api<DictEntry[]>('/api/dict/data/getListByDictType', { dictType: 'nothing' }, { token: me.token })).data).toEqual([])
    expect((await s.api('/api/dict/data/getListByDictType', { dictType: 'user_complaint_type' })).code).toBe(401)
  })

  it('stores a user report with two images, and a group report by group number', async () => {
    const png = await upload(PNG_1x1, 'a.png', 'image')
    const jpeg = await upload(JPEG_HEAD, 'b.jpg', 'image')
    const ok = await report({ complaintImage: `${png},${s.url}${jpeg}` })
    expect(ok).toMatchObject({ code: 200, msg: '感谢你的反馈，我们会尽快核实' })
    const { rows } = await storage.db.query<{ target_id: string; images: string[]; complaint_type: string }>(
      'SELECT target_id, images, complaint_type FROM complaints WHERE id = $1',
      [ok.data.id],
    )
    expect(rows[0]).toEqual({ target_id: other.wtId, images: [png, `${s.url}${jpeg}`], complaint_type: '3' })

    const g = await s.api<{ txGroupid: string; groupNumber: string }>('/api/user/groupchat/add', { groupName: '被举报群', wtIds: [other.wtId] }, { token: other.token })
    expect((await report({ complaintImage: png, targetId: g.data.groupNumber, type: 1, complaintType: '2' })).code).toBe(200)
  })

  it('refuses six images, a non-image, someone else’s upload, a foreign URL and a missing field', async () => {
    const png = await upload(PNG_1x1, 'a.png', 'image')
    const six = await report({ complaintImage: Array(6).fill(png).join(',') })
    expect(six).toMatchObject({ code: 400, status: 400 })
    expect(six.msg).toContain('5')
    expect((await report({ complaintImage: Array(5).fill(png).join(',') })).code).toBe(200)

    const gif = await upload(GIF_HEAD, 'c.gif', 'image')
    const text = await upload(Buffer.from('not a picture'), 'd.png', 'file')
    const notImage = { code: 400, msg: '举报图片仅支持 png 或 jpeg 格式的上传图片' }
    expect(await report({ complaintImage: gif })).toMatchObject(notImage)
    expect(await report({ complaintImage: `${png},${text}` })).toMatchObject(notImage)
    expect(await report({ complaintImage: 'https://example.com/x.png' })).toMatchObject(notImage)
    const theirs = await upload(PNG_1x1, 'e.png', 'image', other.token)
    expect(await report({ complaintImage: theirs })).toMatchObject(notImage)

    expect((await report({ complaintImage: '' })).code).toBe(400)
    expect((await report({ complaintImage: png, complaintDetail: '   ' })).code).toBe(400)
    const long = await report({ complaintImage: png, complaintDetail: '长'.repeat(501) })
    expect(long).toMatchObject({ code: 400, msg: 'complaintDetail: 举报描述不能超过500个字' })
    expect((await report({ complaintImage: png, complaintDetail: '长'.repeat(500) })).code).toBe(200)
    expect((await report({ complaintImage: png, complaintType: '' })).code).toBe(400)
    expect((await report({ complaintImage: png, complaintType: '999' })).code).toBe(400)
    expect((await report({ complaintImage: png, type: 2 })).code).toBe(400)
    expect((await report({ complaintImage: png, targetId: me.wtId })).code).toBe(404)
    expect((await report({ complaintImage: png, targetId: '99999996' })).code).toBe(404)
  })
})
