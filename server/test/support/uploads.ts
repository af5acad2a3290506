import type { TestServer } from './server.js'

/** The smallest valid PNG (1x1): a picture every image check accepts. */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** Uploads `content` through /api/oss/upload; throws when the server refuses. */
export async function uploadFile(s: TestServer, token: string, content: Buffer, name: string, kind = 'file'): Promise<{ url: string; id: string }> {
  const form = new FormData()
  form.append('kind', kind)
  form.append('file', new Blob([new Uint8Array(content)]), name)
  const res = await fetch(`${s.url}/api/oss/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
  const json = (await res.json()) as { code: number; msg: string; data: { url: string } }
  if (json.code !== 200) throw new Error(`upload failed: ${json.msg}`)
  return { url: json.data.url, id: json.data.url.split('/').pop()! }
}
