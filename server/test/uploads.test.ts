import { beforeAll, describe, expect, it } from 'vitest'
import type { UploadResult } from '../../types/upload.js'
import { chatClient } from './support/chat.js'
import { BACKENDS, setupServers, type Storage, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'
import { PNG_1x1 } from './support/uploads.js'


describe.each(BACKENDS)('uploads on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  let token: string
  setupServers(backend, 1, (env) => {
    storage = env.storage
    s = env.servers[0]!
  })
  beforeAll(async () => {
    token = (await registerUser(s, 'u')).token
  })

  async function upload(content: Buffer | null, name: string, kind?: string, auth = token) {
    const form = new FormData()
    if (kind) form.append('kind', kind)
    if (content) form.append('file', new Blob([new Uint8Array(content)]), name)
    const res = await fetch(`${s.url}/api/oss/upload`, { method: 'POST', body: form, headers: auth ? { authorization: `Bearer ${auth}` } : {} })
    return (await res.json()) as { code: number; msg: string; data: UploadResult }
  }

  it('stores an image checked by its bytes and serves it to logged-in users only', async () => {
    const res = await upload(PNG_1x1, 'photo.png', 'image')
    expect(res.code).toBe(200)
    expect(res.data.url).toMatch(/^\/api\/oss\/file\/[\w-]{20,}$/)
    expect(res.data.data.url).toBe(res.data.url)
    expect(res.data).toMatchObject({ name: 'photo.png', size: PNG_1x1.length, mime: 'image/png' })
    expect((await fetch(s.url + res.data.url)).status).toBe(401)
    const withHeader = await fetch(s.url + res.data.url, { headers: { authorization: `Bearer ${token}` } })
    expect(withHeader.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await withHeader.arrayBuffer()).equals(PNG_1x1)).toBe(true)
    const withQuery = await fetch(`${s.url}${res.data.url}?t=${token}&download=1`)
    expect(withQuery.status).toBe(200)
    expect(withQuery.headers.get('content-disposition')).toContain('attachment')
  })

  it('refuses a renamed non-image as an image with 4004', async () => {
    const res = await upload(Buffer.from('just some text, not a picture'), 'fake.png', 'image')
    expect(res).toMatchObject({ code: 4004, msg: '图片消息失败,无效的图片格式' })
  })

  it('refuses executables (4005), missing files (7004) and anonymous uploads', async () => {
    expect((await upload(Buffer.from('MZ\x90\x00rest'), 'setup.pdf')).code).toBe(4005)
    expect((await upload(Buffer.from('echo hi'), 'run.bat')).code).toBe(4005)
    expect(await upload(null, '')).toMatchObject({ code: 7004, msg: '文件不存在' })
    expect((await upload(Buffer.from('x'), 'a.txt', undefined, '')).code).toBe(401)
    const notMultipart = await s.api('/api/oss/upload', { file: 'x' }, { token })
    expect(notMultipart.code).toBe(7004)
    const missing = await fetch(`${s.url}/api/oss/file/doesnotexist-000000?t=${token}`)
    expect(((await missing.json()) as { code: number }).code).toBe(7004)
  })

  it('refuses a listed sensitive image with 80004 when sent', async () => {
    const res = await upload(PNG_1x1, 'p.png', 'image')
    const { rows } = await storage.db.query<{ sha256: string }>('SELECT sha256 FROM uploads WHERE id = $1', [res.data.url.split('/').pop()])
    const original = s.built.ctx.moderation
    s.built.ctx.moderation = { ...original, isSensitiveImage: (sha) => sha === rows[0]!.sha256 }
    try {
      const other = await registerUser(s, 'v')
      const c = chatClient(s, token)
      const nack = await c.send({
        clientMsgId: `img-${Date.now()}`,
        conversationID: `C2C${other.wtId}`,
        type: 'TIMImageElem',
        payload: { url: res.data.url, width: 1, height: 1, size: PNG_1x1.length, format: 'png' },
      })
      expect(nack).toMatchObject({ type: 'nack', code: 80004, hasRiskContent: true })
      c.close()
    } finally {
      s.built.ctx.moderation = original
    }
  })
})
