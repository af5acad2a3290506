// A stand-in translation and speech provider speaking the server's provider protocol
// (server/src/adapters/language.ts). Tests start it as a child process; it prints
// its port on the first line of stdout. Usage: node language-provider.mjs <key>
import http from 'node:http'

const key = process.argv[2] || 'test-key'

const server = http.createServer((req, res) => {
  let raw = ''
  req.on('data', (c) => (raw += c))
  req.on('end', () => {
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.headers.authorization !== `Bearer ${key}`) return send(401, { msg: 'bad provider key' })
    let body
    try {
      body = JSON.parse(raw)
    } catch {
      return send(400, { msg: 'bad json' })
    }
    if (req.url === '/translate') {
      return send(200, { translatedTextList: body.sourceTextList.map((t) => `[${body.targetLanguage}] ${t.split('').reverse().join('')}`) })
    }
    if (req.url === '/voice-to-text') {
      const bytes = Buffer.from(body.audioBase64, 'base64').length
      return send(200, { text: `语音内容 ${bytes} 字节 ${body.format}` })
    }
    send(404, { msg: 'unknown route' })
  })
})

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
