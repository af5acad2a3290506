/**
 * Compiles the server to plain JavaScript in dist/server, so production runs `node` on
 * compiled files instead of transpiling TypeScript at every start.
 *
 *   node scripts/build-server.mjs            compile when stale, print what happened
 *   import { ensureServerBuild } from './build-server.mjs'
 *
 * tsc emits the import specifiers as written. The shared contract (types/) is also bundled
 * by the client's webpack, which wants extensionless imports, so the emitted files get their
 * relative specifiers completed here (`./route` → `./route.js`) instead of every source
 * changing. The SQL migrations, the default moderation lists and the password hashing worker
 * are read from disk next to the code, so they are copied along.
 */
import { spawn } from 'node:child_process'
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { newestMtime, projectRoot } from './ensure-h5-build.mjs'

export const SERVER_OUT = path.join(projectRoot, 'dist/server')
/** The compiled entry point. */
export const SERVER_MAIN = path.join(SERVER_OUT, 'server/src/main.js')
/** Everything the compiled server is made from. */
export const SERVER_SOURCES = ['server/src', 'server/moderation.default.json', 'server/tsconfig.json', 'server/tsconfig.build.json', 'types']

/** Why dist/server needs a rebuild, or null when it is current. */
export function serverStaleReason({ root = projectRoot } = {}) {
  const main = path.join(root, 'dist/server/server/src/main.js')
  if (!existsSync(main)) return 'dist/server is missing'
  const sourcesAt = newestMtime(SERVER_SOURCES, root)
  if (sourcesAt > statSync(main).mtimeMs) return `server sources changed after the last build (${new Date(sourcesAt).toISOString()})`
  return null
}

function tsc(root) {
  const bin = path.join(root, 'node_modules/.bin/tsc')
  if (!existsSync(bin)) return Promise.reject(new Error('TypeScript is not installed (npm install) and dist/server is missing or stale'))
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-p', 'server/tsconfig.build.json'], { cwd: root, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tsc -p server/tsconfig.build.json failed (exit ${code})`))))
  })
}

const RELATIVE_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g

/** `./route` → `./route.js`, `./routes` → `./routes/index.js`; specifiers that name a file stay. */
function completeSpecifiers(file) {
  const dir = path.dirname(file)
  const text = readFileSync(file, 'utf8')
  const fixed = text.replace(RELATIVE_SPECIFIER, (whole, lead, quote, spec) => {
    const target = path.resolve(dir, spec)
    if (/\.(m?js|json)$/.test(spec) && existsSync(target)) return whole
    if (existsSync(`${target}.js`)) return `${lead}${quote}${spec}.js${quote}`
    if (existsSync(path.join(target, 'index.js'))) return `${lead}${quote}${spec}/index.js${quote}`
    throw new Error(`${path.relative(projectRoot, file)}: cannot resolve ${spec}`)
  })
  if (fixed !== text) writeFileSync(file, fixed)
}

function walk(dir, visit) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) walk(p, visit)
    else visit(p)
  }
}

/** Compiles the server into dist/server (from scratch: removed sources leave no files behind). */
export async function buildServer({ root = projectRoot } = {}) {
  const out = path.join(root, 'dist/server')
  const startedAt = new Date()
  rmSync(out, { recursive: true, force: true })
  await tsc(root)
  walk(out, (f) => f.endsWith('.js') && completeSpecifiers(f))
  cpSync(path.join(root, 'server/src/db/migrations'), path.join(out, 'server/src/db/migrations'), { recursive: true })
  cpSync(path.join(root, 'server/moderation.default.json'), path.join(out, 'server/moderation.default.json'))
  // The hashing pool's worker is plain JavaScript, loaded by its path in a worker thread.
  cpSync(path.join(root, 'server/src/adapters/passwordHashing/worker.cjs'), path.join(out, 'server/src/adapters/passwordHashing/worker.cjs'))
  // So is the Web Push sending thread's.
  cpSync(path.join(root, 'server/src/adapters/pushSendWorker.cjs'), path.join(out, 'server/src/adapters/pushSendWorker.cjs'))
  // The project's package.json has no "type", so without this Node would read the output as CommonJS.
  writeFileSync(path.join(out, 'package.json'), '{ "type": "module", "private": true }\n')
  // A source edited while tsc ran still counts as newer than the build.
  const main = path.join(out, 'server/src/main.js')
  utimesSync(main, startedAt, startedAt)
}

/** Compiles when stale; with TypeScript missing (a production install) an existing build is used as it is. */
export async function ensureServerBuild({ root = projectRoot, log = console.log } = {}) {
  const reason = serverStaleReason({ root })
  if (!reason) return { built: false, reason: 'dist/server is up to date' }
  if (existsSync(path.join(root, 'dist/server/server/src/main.js')) && !existsSync(path.join(root, 'node_modules/.bin/tsc'))) {
    return { built: false, reason: `${reason}; TypeScript is not installed, so the existing build runs` }
  }
  log(`Compiling the server: ${reason}`)
  await buildServer({ root })
  return { built: true, reason }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const force = process.argv.includes('--force')
  ;(force ? buildServer().then(() => ({ built: true })) : ensureServerBuild())
    .then(({ built, reason }) => console.log(built ? 'Server build finished (dist/server).' : reason))
    .catch((err) => {
      console.error(err.message)
      process.exit(1)
    })
}
