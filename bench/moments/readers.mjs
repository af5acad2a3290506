/**
 * The feed's readers, in a process of their own so the server's event loop serves only the
 * server: each reader asks the first page (list, then the likes and comments of its 10 moments)
 * in a closed loop, or at a fixed pace with --pace-ms. With a writer token and an interval, the
 * writer likes or unlikes the newest moment of the feed that often. Prints one JSON line of timings.
 *
 *   node bench/moments/readers.mjs <base url> <token> <readers> <seconds> <expected total> [pace ms] [writer token] [like every ms]
 */
import http from 'node:http'

const [base, token, readers, seconds, expectedTotal, paceMs = '0', writerToken = '', likeEveryMs = '0'] = process.argv.slice(2)

// node:http with a keep-alive agent: the readers should cost the machine less than the server they measure (fetch costs about three times as much).
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(readers) })
const post = (path, body, as = token) =>
  new Promise((resolve, reject) => {
    const payload = JSON.stringify(body)
    const req = http.request(base + path, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${as}` } }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => {
        const json = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        if (json.code !== 200) reject(new Error(`${path}: ${JSON.stringify(json)}`))
        else resolve(json.data)
      })
    })
    req.on('error', reject)
    req.end(payload)
  })

const pages = []
const lists = []
async function firstPage() {
  const t0 = performance.now()
  const page = await post('/user/friendsCircle/list', { pageNum: 1, pageSize: 10 })
  lists.push(performance.now() - t0)
  const batch = await post('/friendsCircleComments/commentsAndPraiseListByBatch', { ids: page.rows.map((m) => m.id) })
  if (page.rows.length !== 10 || page.total !== Number(expectedTotal) || batch.length !== 10) throw new Error('unexpected feed page')
  pages.push(performance.now() - t0)
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const until = Date.now() + Number(seconds) * 1000
const pace = Number(paceMs)
const likeEvery = Number(likeEveryMs)
let likes = 0
async function writer() {
  const newest = (await post('/user/friendsCircle/list', { pageNum: 1, pageSize: 10 })).rows[0].id
  while (Date.now() < until) {
    await sleep(likeEvery)
    await post('/friendsCirclePraise/praiseAction', { friendsCircleId: newest }, writerToken)
    likes += 1
  }
}
await Promise.all([
  ...(likeEvery && writerToken ? [writer()] : []),
  ...Array.from({ length: Number(readers) }, async (_, i) => {
    // Paced readers start spread over one period, as people who opened the feed at different moments.
    if (pace) await sleep((pace * i) / Number(readers))
    while (Date.now() < until) {
      const t0 = performance.now()
      await firstPage()
      if (pace) await sleep(Math.max(0, pace - (performance.now() - t0)))
    }
  }),
])
const cpu = process.cpuUsage()
console.log(JSON.stringify({ pages, lists, likes, cpuMs: (cpu.user + cpu.system) / 1000 }))
