/**
 * A stand-in push service for the benchmark, in a process of its own so it takes no CPU from the
 * server's event loop: it answers each push 201 after --delay-ms (a push service across the
 * internet), and GET /count answers how many it has taken. It prints its address on stdout.
 */
import http from 'node:http'

const delay = Number(process.argv.find((a) => a.startsWith('--delay-ms='))?.split('=')[1] ?? 30)
let taken = 0
const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/count') return void res.end(String(taken))
  req.resume()
  req.on('end', () => {
    taken += 1
    setTimeout(() => res.writeHead(201).end(), delay)
  })
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${server.address().port}`))
