/**
 * Password logins against a running server, in a process of its own so the message generator's
 * event loop is not the one waiting on them. Started by run.ts with fork(); it is told what to do
 * in one IPC message and answers with one when told to stop:
 *
 *   { url, pwd, wtIds, rate }          open loop: `rate` logins per second, round-robin over wtIds
 *   { url, pwd, wtIds, concurrency }   closed loop: `concurrency` logins at a time (saturation)
 *   'stop'                             stop starting logins, wait for those in flight (up to 60 s), report
 *
 * Each login is the real route (POST /api/user/login/id) with the account's real password.
 */
const started = performance.now()
const results = [] // [startMs, latencyMs, code]
let inFlight = 0
let stopping = false
let attempted = 0

/**
 * Each account logs in from an address of its own (X-Forwarded-For; the bench's servers trust it),
 * as a crowd of people would: from one address, the login throttle's per-address limit would
 * refuse the burst before the server's hashing is ever reached.
 */
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`

async function login(task) {
  const i = attempted++ % task.wtIds.length
  const wtId = task.wtIds[i]
  const t = performance.now()
  inFlight += 1
  let code = -1
  try {
    const res = await fetch(`${task.url}/api/user/login/id`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i) },
      body: JSON.stringify({ wtId, pwd: task.pwd }),
      signal: AbortSignal.timeout(120_000),
    })
    code = (await res.json()).code
  } catch {
    code = -1
  }
  inFlight -= 1
  results.push([t - started, performance.now() - t, code])
  return code
}

function openLoop(task) {
  const t0 = performance.now()
  let issued = 0
  const tick = () => {
    if (stopping) return
    const due = Math.floor(((performance.now() - t0) / 1000) * task.rate)
    while (issued < due) {
      issued += 1
      void login(task)
    }
    setTimeout(tick, 5)
  }
  tick()
}

function closedLoop(task) {
  const worker = async () => {
    while (!stopping) {
      // A refusal comes back at once; a short pause keeps the loop from hammering the server with them.
      if ((await login(task)) === 429) await new Promise((r) => setTimeout(r, 100))
    }
  }
  for (let i = 0; i < task.concurrency; i++) void worker()
}

async function stop() {
  stopping = true
  const stoppedAt = performance.now()
  const window = (stoppedAt - started) / 1000
  while (inFlight > 0 && performance.now() - stoppedAt < 60_000) await new Promise((r) => setTimeout(r, 50))
  process.send({ window, results, unanswered: inFlight }, () => process.exit(0))
}

process.on('message', (msg) => {
  if (msg === 'stop') void stop()
  else if (msg.rate) openLoop(msg)
  else closedLoop(msg)
})
process.on('disconnect', () => process.exit(0))
