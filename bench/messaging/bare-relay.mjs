/**
 * The floor for a group fan-out on this machine: a bare `ws` relay with no database, no checks
 * and no queueing. It speaks only what the load generator uses: `hello` on connect, `pong` for a
 * `ping`, and for a `send` an `ack` to the sender and one `msg` frame, encoded once, written to
 * every other socket in a plain loop. The `msg` carries the fields of a real one, so the frames
 * are the size the real server writes. Driven by the same generator as the server
 * (`--relay=bare`), the difference between the two is what the server itself adds.
 */
import http from 'node:http'
import { WebSocketServer } from 'ws'

const server = http.createServer((req, res) => {
  res.setHeader('content-type', 'application/json')
  res.end(req.url === '/api/site/info' ? '{"code":200,"msg":"ok","data":{}}' : '{"code":404,"msg":"not found"}')
})
const wss = new WebSocketServer({ server, perMessageDeflate: false })
const sockets = new Set()
let sequence = 0

wss.on('connection', (ws, req) => {
  const from = `bare${decodeURIComponent(String(req.url).split('/').pop() ?? '').slice(0, 12)}`
  sockets.add(ws)
  ws.on('close', () => sockets.delete(ws))
  ws.send(Buffer.from('{"type":"hello","protocolVersion":1,"wtId":""}'), { binary: false })
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString())
    if (frame.type === 'ping') return ws.send(Buffer.from(JSON.stringify({ type: 'pong', ts: frame.ts })), { binary: false })
    if (frame.type !== 'send') return
    const m = frame.message
    sequence += 1
    ws.send(Buffer.from(JSON.stringify({ type: 'ack', clientMsgId: m.clientMsgId, ID: `bare-${sequence}`, sequence, time: Math.floor(Date.now() / 1000) })), { binary: false })
    if (!String(m.conversationID).startsWith('GROUP')) return
    const message = {
      ID: `bare-${sequence}`,
      clientMsgId: m.clientMsgId,
      type: m.type,
      payload: m.payload,
      conversationID: m.conversationID,
      conversationType: 'GROUP',
      from,
      nick: '压测用户',
      nameCard: '',
      avatar: '',
      time: Math.floor(Date.now() / 1000),
      sequence,
      cloudCustomData: '',
      atUserList: [],
      needReadReceipt: false,
      isRevoked: false,
      revoker: '',
      hasRiskContent: false,
      readReceiptInfo: { readCount: 0, unreadCount: 0 },
    }
    const data = Buffer.from(JSON.stringify({ type: 'msg', message }))
    for (const other of sockets) if (other !== ws) other.send(data, { binary: false })
  })
})

server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1')
process.on('SIGTERM', () => process.exit(0))
