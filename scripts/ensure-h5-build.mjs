/**
 * Builds the H5 app (dist/h5) only when it is missing or older than its sources.
 *
 *   node scripts/ensure-h5-build.mjs          build if stale, print what happened
 *   import { ensureH5Build } from './ensure-h5-build.mjs'
 *   await ensureH5Build()                    → { built: boolean, reason: string }
 *
 * Used by `npm start`, `npm test` and the end-to-end global setup, so the three agree on
 * what "up to date" means.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Everything the H5 bundle is made from, relative to the project root. */
export const H5_SOURCES = ['src', 'config', 'types', 'babel.config.js', 'tsconfig.json']

/** The newest modification time (ms) of any file under the given paths; 0 if none exist. */
export function newestMtime(paths, root = projectRoot) {
  let newest = 0
  const visit = (p) => {
    let st
    try {
      st = statSync(p)
    } catch {
      return
    }
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) visit(path.join(p, entry))
    } else if (st.mtimeMs > newest) {
      newest = st.mtimeMs
    }
  }
  for (const p of paths) visit(path.resolve(root, p))
  return newest
}

/** Why dist/h5 needs a rebuild, or null when it is current. */
export function h5StaleReason({ root = projectRoot, outDir = path.join(root, 'dist/h5') } = {}) {
  const marker = path.join(outDir, 'index.html')
  if (!existsSync(marker)) return `${path.relative(root, marker)} is missing`
  const builtAt = statSync(marker).mtimeMs
  const sourcesAt = newestMtime(H5_SOURCES, root)
  if (sourcesAt > builtAt) return `sources changed after the last build (${new Date(sourcesAt).toISOString()})`
  return null
}

/** Runs `taro build --type <type>` in the project root; rejects when it fails. */
export function taroBuild(type, { root = projectRoot, env = {}, quiet = false } = {}) {
  const taro = path.join(root, 'node_modules/.bin/taro')
  return new Promise((resolve, reject) => {
    const child = spawn(taro, ['build', '--type', type], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    let output = ''
    if (quiet) {
      child.stdout.on('data', (d) => (output += d))
      child.stderr.on('data', (d) => (output += d))
    }
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (code === 0) resolve()
      else {
        if (quiet) process.stderr.write(output.slice(-20000))
        reject(new Error(`taro build --type ${type} failed (${signal ?? `exit ${code}`})`))
      }
    })
  })
}

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|wasm)$/

/**
 * Brotli's best quality costs about a second per MB; the multi-MB wasm files of background blur
 * get a quicker setting so a build does not spend a minute on them.
 */
const brotliQuality = (size) => (size > 1024 * 1024 ? 6 : constants.BROTLI_MAX_QUALITY)

/** The compressed copies written next to each asset: extension → compressor (done once per build). */
const ENCODINGS = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(body.length), [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gz: (body) => gzipSync(body, { level: constants.Z_BEST_COMPRESSION }),
}

/**
 * Writes `name.br` and `name.gz` next to every compressible file of the build that has none or an
 * older one, so the Node server (preCompressed) and nginx (gzip_static) send them without
 * compressing per request. Returns how many files were written.
 */
export function precompress(dir = path.join(projectRoot, 'dist/h5')) {
  let written = 0
  const visit = (p) => {
    for (const entry of readdirSync(p, { withFileTypes: true })) {
      const file = path.join(p, entry.name)
      if (entry.isDirectory()) visit(file)
      else if (COMPRESSIBLE.test(entry.name)) {
        const st = statSync(file)
        if (st.size < 1024) continue
        let body = null
        for (const [ext, compress] of Object.entries(ENCODINGS)) {
          const copy = `${file}.${ext}`
          if (existsSync(copy) && statSync(copy).mtimeMs >= st.mtimeMs) continue
          body ??= readFileSync(file)
          writeFileSync(copy, compress(body))
          utimesSync(copy, st.atime, st.mtime)
          written += 1
        }
      }
    }
  }
  if (existsSync(dir)) visit(dir)
  return written
}

/**
 * Builds dist/h5 when stale. The marker file gets the build's start time as its mtime, so a
 * source edited while the build ran still counts as newer than the build.
 */
export async function ensureH5Build({ root = projectRoot, quiet = false, log = console.log } = {}) {
  const reason = h5StaleReason({ root })
  if (!reason) return { built: false, reason: 'dist/h5 is up to date' }
  log(`Building the H5 app: ${reason}`)
  const startedAt = new Date()
  await taroBuild('h5', { root, quiet })
  const marker = path.join(root, 'dist/h5/index.html')
  if (!existsSync(marker)) throw new Error('taro build --type h5 finished without dist/h5/index.html')
  utimesSync(marker, startedAt, startedAt)
  precompress(path.join(root, 'dist/h5'))
  return { built: true, reason }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  ensureH5Build()
    .then(({ built, reason }) => console.log(built ? 'H5 build finished.' : reason))
    .catch((err) => {
      console.error(err.message)
      process.exit(1)
    })
}
