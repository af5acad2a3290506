/**
 * Starts the real server (`tsx server/src/main.ts`, or the compiled dist/server with
 * `compiled: true`) as a child process on a chosen port and
 * data directory, waits until /api/site/info answers, and stops it again. Shared by the
 * end-to-end setup and the benchmarks.
 */
import { spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { projectRoot } from './ensure-h5-build.mjs'

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

/** Polls `url` until it answers with HTTP 200 and a JSON body with code 200. */
export async function waitForSiteInfo(url, { timeoutMs = 60_000, intervalMs = 25, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs
  let lastError = 'no answer yet'
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the server exited before ${url} answered (${lastError})`)
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
      if (res.ok) {
        const body = await res.json()
        if (body?.code === 200) return body
        lastError = `code ${body?.code}`
      } else {
        lastError = `HTTP ${res.status}`
      }
    } catch (err) {
      lastError = err.cause?.code ?? err.message
    }
    await new Promise((r) => setTimeout(r, intervalMs))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastError})`)
}

/**
 * `env` entries set to undefined are removed from the child's environment.
 * `script` runs that Node script instead of the server (the benchmarks' bare relay); it must answer
 * /api/site/info like the server does.
 * @param {{ port?: number, dataDir: string, env?: Record<string, string | undefined>, log?: (line: string) => void, timeoutMs?: number, compiled?: boolean, script?: string }} options
 * @returns {Promise<{ url: string, port: number, pid: number, readyMs: number, output: () => string, stop: () => Promise<void> }>}
 */
export async function startServer({ port, dataDir, env = {}, log, timeoutMs = 180_000, compiled = false, script }) {
  const chosenPort = port ?? (await freePort())
  const started = performance.now()
  const childEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(chosenPort), DATA_DIR: dataDir, ...env }
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key]
  const [command, args] = script
    ? [process.execPath, [script]]
    : compiled
    ? [process.execPath, [path.join(projectRoot, 'dist/server/server/src/main.js')]]
    : [path.join(projectRoot, 'node_modules/.bin/tsx'), ['server/src/main.ts']]
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk) => {
    const text = chunk.toString()
    output = (output + text).slice(-200_000)
    if (log) for (const line of text.split('\n')) if (line.trim()) log(line)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  let exited = false
  const exit = new Promise((resolve) => child.on('exit', () => ((exited = true), resolve())))

  const stop = async () => {
    if (exited) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exit
    clearTimeout(timer)
  }

  const url = `http://127.0.0.1:${chosenPort}`
  try {
    await waitForSiteInfo(`${url}/api/site/info`, { timeoutMs, isAlive: () => !exited })
  } catch (err) {
    await stop()
    throw new Error(`${err.message}\n--- server output ---\n${output.slice(-5000)}`)
  }
  return { url, port: chosenPort, pid: child.pid, readyMs: performance.now() - started, output: () => output, stop }
}
