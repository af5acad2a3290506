import http from 'node:http'

/** What a monitoring script sends to a group robot: one POST in WeCom's format. */
export function postToWebhook(url: string, body: unknown): Promise<{ errcode: number }> {
  const text = Buffer.from(JSON.stringify(body))
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(text.length) } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { errcode: number }))
    })
    req.on('error', reject)
    req.end(text)
  })
}
