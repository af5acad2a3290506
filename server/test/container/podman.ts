import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'

/**
 * podman as these machines need it: the runc runtime (crun fails on setrlimit and hybrid cgroups)
 * and explicit limits for what a container may open.
 */
const GLOBAL = ['--runtime', 'runc']
export const LIMITS = ['--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024']
/**
 * The build's steps: `npm ci` with an empty download cache opens more than 1,024 files at once
 * (EMFILE); still under these machines' hard limit of 20,000, which podman cannot exceed.
 */
const BUILD_LIMITS = ['--ulimit', 'nofile=16384:16384', '--ulimit', 'nproc=1024:1024']

export const root = path.resolve(__dirname, '../../..')

export function havePodman(): boolean {
  return spawnSync('podman', ['--version'], { stdio: 'ignore' }).status === 0
}

export interface Result {
  code: number
  stdout: string
  stderr: string
}

/** Runs podman (or another command with `command`); rejects on a non-zero exit unless `allowFailure`. */
export function podman(args: string[], { allowFailure = false, command = 'podman', log }: { allowFailure?: boolean; command?: string; log?: fs.WriteStream } = {}): Promise<Result> {
  const fullArgs = command === 'podman' ? [...GLOBAL, ...args] : args
  return new Promise((resolve, reject) => {
    const child = spawn(command, fullArgs, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => ((stdout += d), log?.write(d)))
    child.stderr.on('data', (d: Buffer) => ((stderr += d), log?.write(d)))
    child.on('error', reject)
    child.on('exit', (code) => {
      const result = { code: code ?? 1, stdout, stderr }
      if (result.code !== 0 && !allowFailure) {
        reject(new Error(`${command} ${args.slice(0, 3).join(' ')} … failed (exit ${result.code}):\n${(stderr || stdout).trim().slice(-3000)}`))
      } else resolve(result)
    })
  })
}

/** A certificate authority file npm must trust (a TLS-inspecting proxy in front of the registry), if any. */
function registryCa(): string | null {
  return [process.env.NODE_EXTRA_CA_CERTS, process.env.npm_config_cafile].find((f): f is string => Boolean(f && fs.existsSync(f))) ?? null
}

export interface Built {
  image: string
  baseSeconds: number
  buildSeconds: number
  cachedSteps: number
  steps: number
  bytes: number
  compressedBytes: number
}

/**
 * The base images from Debian and the npm registry (scripts/container-base.sh, reused when
 * current), then the image from the Containerfile, with the layers of an earlier build reused.
 */
export async function buildImage(image: string, logFile: string): Promise<Built> {
  const log = fs.createWriteStream(logFile)
  try {
    let started = performance.now()
    const base = await podman(['scripts/container-base.sh'], { command: 'bash', log })
    const baseSeconds = (performance.now() - started) / 1000
    const args = Object.fromEntries(base.stdout.trim().split('\n').map((l) => l.split('=') as [string, string]))
    const ca = registryCa()
    started = performance.now()
    const build = await podman(
      [
        'build',
        '--format', 'docker',
        // The server and app stages build side by side.
        '--jobs', '2',
        ...BUILD_LIMITS,
        '--build-arg', `NODE_IMAGE=${args.NODE_IMAGE}`,
        '--build-arg', `RUNTIME_IMAGE=${args.RUNTIME_IMAGE}`,
        ...(ca ? ['--secret', `id=npm_ca,src=${ca}`] : []),
        '-t', image,
        '-f', 'Containerfile',
        '.',
      ],
      { log },
    )
    const buildSeconds = (performance.now() - started) / 1000
    const output = build.stdout + build.stderr
    const inspect = await podman(['image', 'inspect', '--format', '{{.Size}}', image])
    return {
      image,
      baseSeconds,
      buildSeconds,
      cachedSteps: (output.match(/--> Using cache/g) ?? []).length,
      steps: (output.match(/STEP \d+\/\d+:/g) ?? []).length,
      bytes: Number(inspect.stdout.trim()),
      compressedBytes: await compressedBytes(image),
    }
  } finally {
    log.end()
  }
}

/** What a registry would store and a pull download: the image's layers, gzip-compressed. */
export async function compressedBytes(image: string): Promise<number> {
  const save = spawn('podman', [...GLOBAL, 'save', '--format', 'docker-archive', image], { stdio: ['ignore', 'pipe', 'inherit'] })
  let bytes = 0
  const count = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length
      done()
    },
  })
  await pipeline(save.stdout, createGzip(), count)
  return bytes
}

export interface RunOptions {
  name: string
  image: string
  port: number
  /** Host networking (the server listens on 127.0.0.1:port), or podman's own with the port published. */
  hostNetwork: boolean
  volume?: string
  env?: Record<string, string>
}

/** Starts a container and waits until /api/ready answers 200. */
export async function startContainer(o: RunOptions): Promise<string> {
  const net = o.hostNetwork ? ['--network', 'host', '-e', `PORT=${o.port}`, '-e', 'HOST=127.0.0.1'] : ['-p', `127.0.0.1:${o.port}:3000`]
  const env = Object.entries(o.env ?? {}).flatMap(([k, v]) => ['-e', `${k}=${v}`])
  const volume = o.volume ? ['-v', `${o.volume}:/data`] : []
  await podman(['run', '-d', '--name', o.name, '--read-only', '--stop-timeout', '30', ...LIMITS, ...net, ...env, ...volume, o.image])
  const url = `http://127.0.0.1:${o.port}`
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    const state = await podman(['inspect', '--format', '{{.State.Running}}', o.name], { allowFailure: true })
    if (state.stdout.trim() !== 'true') {
      const logs = await podman(['logs', o.name], { allowFailure: true })
      throw new Error(`${o.name} exited before /api/ready answered:\n${(logs.stdout + logs.stderr).slice(-3000)}`)
    }
    const ready = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(3000) }).then(
      (r) => r.status === 200,
      () => false,
    )
    if (ready) return url
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${o.name}: /api/ready did not answer within three minutes`)
}

/** SIGTERM, then the exit code and the container's log once it has stopped. */
export async function terminate(name: string): Promise<{ exitCode: number; logs: string }> {
  await podman(['kill', '--signal', 'TERM', name])
  const waited = await podman(['wait', name])
  const logs = await podman(['logs', name], { allowFailure: true })
  return { exitCode: Number(waited.stdout.trim()), logs: logs.stdout + logs.stderr }
}

export async function removeContainer(name: string) {
  await podman(['rm', '-f', '--time', '0', name], { allowFailure: true })
}
