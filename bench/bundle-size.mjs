/**
 * What the pages of the H5 build cost to download: raw, gzip (level 9) and brotli (quality 11)
 * bytes, the compressed sizes being what the server sends (scripts/ensure-h5-build.mjs writes the
 * .gz and .br copies at build time).
 *
 *   node bench/bundle-size.mjs              static analysis of /login, then both pages in Chromium
 *   node bench/bundle-size.mjs --static     static analysis of /login only
 *   node bench/bundle-size.mjs --modules=FILE   also the heaviest modules per chunk, from the stats
 *                                           that `BUNDLE_STATS=FILE npm run build:h5` writes
 *
 * How Taro splits the H5 build (webpack5 runner): dist/h5/index.html loads the runtime and
 * vendor chunks plus app.js and app.css. app.js holds the route table; each route has a
 * `load` function calling the webpack chunk loader (`__webpack_require__.e(id)`) for the
 * page's chunk(s), whose file names come from the runtime's chunk-name map
 * (`"js/"+id+"."+{id: hash}[id]+".js"`, and the same for css). The login page therefore
 * costs index.html's assets plus the chunks named in the /login route's `load`.
 *
 * The Chromium check serves dist/h5 with the real server (demo data on), opens /login and lists
 * every script and stylesheet the browser actually fetched, so chunks pulled in at run time
 * (lazy components, polyfills) are not missed. It then logs in as a demo user and lists what
 * /messages fetched until the network was idle, before any chat is opened: the logged-in budget.
 *
 * TRTC: the benchmark's server has no TRTC application, so no TRTC code may be downloaded. The
 * files holding trtc-sdk-v5 (it names its home, trtc.io, in its code; the chunk is trtc-engine)
 * are listed, and each download above is checked against them. A second server, with a TRTC
 * application, shows /messages still without it and a call fetching the chunk.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { projectRoot } from '../scripts/ensure-h5-build.mjs'
import { startServer } from '../scripts/server-process.mjs'

/** The goals written in docs/performance.md (issue 16). */
const LOGIN_JS_BUDGET_KB = 200
const MESSAGES_JS_BUDGET_KB = 250
const DEMO_PHONE = '13800000001'
const DEMO_PASSWORD = 'demo1234'
const distDir = path.join(projectRoot, 'dist/h5')
const routes = JSON.parse(readFileSync(path.join(projectRoot, 'src/router/routes.json'), 'utf8'))
const loginPage = routes.find((r) => r.name === 'login').page

function measure(rel) {
  const body = readFileSync(path.join(distDir, rel))
  const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
  return { file: rel, kind: rel.endsWith('.css') ? 'css' : 'js', raw: body.length, gzip: gzipSync(body, { level: 9 }).length, brotli: brotli.length }
}

/** Assets named by index.html, in document order. */
function entryAssets(html) {
  const found = []
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) found.push(m[1])
  for (const m of html.matchAll(/<link[^>]*\bhref="([^"]+\.css)"/g)) found.push(m[1])
  return found.map((u) => u.replace(/^\//, ''))
}

/**
 * Reads the runtime's chunk file-name function for `dir` (js or css) and returns id → file.
 * Unnamed chunks use their id (`"js/"+id+"."+{id: hash}[id]+".js"`); named ones appear as
 * `(907===id?"jsqr":id)` or `({907:"jsqr"}[id]||id)` in front of the hash map.
 */
function chunkFiles(code, dir) {
  const re = new RegExp(`"${dir}/"\\+(.*?)\\+"\\."\\+(\\{[^}]*\\})\\[\\w+\\]\\+"\\.${dir}"`)
  const m = code.match(re)
  if (!m) return {}
  const names = {}
  for (const n of m[1].matchAll(/(\d+)===\w+\?"([^"]+)"/g)) names[n[1]] = n[2]
  const nameMap = m[1].match(/^\(?(\{[^}]*\})\[\w+\]\|\|/)
  if (nameMap) Object.assign(names, JSON.parse(nameMap[1].replace(/(\d+):/g, '"$1":')))
  const hashes = JSON.parse(m[2].replace(/([{,])(\d+):/g, '$1"$2":'))
  return Object.fromEntries(Object.entries(hashes).map(([id, hash]) => [id, `${dir}/${names[id] ?? id}.${hash}.${dir}`]))
}

/** The chunk ids the route's `load` function asks the chunk loader for. */
function routeChunkIds(code, page) {
  const marker = `"${page}","load":`
  const at = code.indexOf(marker)
  if (at < 0) throw new Error(`route ${page} not found in app.js; the Taro output format changed`)
  const rest = code.slice(at + marker.length)
  const next = rest.search(/"load":|"path":/)
  const loadSource = rest.slice(0, next > 0 ? next : 2000)
  const ids = [...loadSource.matchAll(/\b\w+\.e\((\d+)\)/g)].map((m) => m[1])
  if (!ids.length) throw new Error(`no chunk loads found for ${page}`)
  return ids
}

function staticLoginAssets() {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const entries = entryAssets(html)
  const runtimeCode = entries
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(distDir, f), 'utf8'))
    .join('\n')
  const jsFiles = chunkFiles(runtimeCode, 'js')
  const cssFiles = chunkFiles(runtimeCode, 'css')
  const ids = routeChunkIds(runtimeCode, loginPage)
  const chunks = []
  for (const id of ids) {
    if (!jsFiles[id]) throw new Error(`chunk ${id} has no file name in the runtime; the Taro output format changed`)
    chunks.push(jsFiles[id])
    if (cssFiles[id]) chunks.push(cssFiles[id])
  }
  return { entries, chunks, ids }
}

/** The scripts and stylesheets Chromium fetched for /login, and for /messages after logging in. */
async function browserPageAssets() {
  const { chromium } = await import('playwright-core')
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../scripts/chromium.mjs')
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'weitalk-bench-'))
  const server = await startServer({ dataDir, env: { DEMO_DATA: '1', DATABASE_URL: undefined, REDIS_URL: undefined } })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    let fetched = new Set()
    page.on('response', (r) => {
      const url = new URL(r.url())
      if (url.origin === server.url && /\.(js|css)$/.test(url.pathname)) fetched.add(url.pathname.replace(/^\//, ''))
    })
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' })
    const login = [...fetched]
    const field = (id) => page.locator(`[data-testid="${id}"] input, input[data-testid="${id}"]`).filter({ visible: true }).first()
    await page.locator('[data-testid="login-tab-phone"]').filter({ visible: true }).first().click()
    await field('login-phone').fill(DEMO_PHONE)
    await field('login-pwd').fill(DEMO_PASSWORD)
    await page.locator('[data-testid="login-submit"]').filter({ visible: true }).first().click()
    await page.waitForURL(/\/messages/, { timeout: 60_000 })
    // A fresh load of /messages with the session stored: what a returning user downloads.
    const fresh = await context.newPage()
    fetched = new Set()
    fresh.on('response', (r) => {
      const url = new URL(r.url())
      if (url.origin === server.url && /\.(js|css)$/.test(url.pathname)) fetched.add(url.pathname.replace(/^\//, ''))
    })
    await fresh.goto(`${server.url}/messages`, { waitUntil: 'networkidle' })
    await fresh.locator('[data-testid="conv-row"]').first().waitFor({ timeout: 60_000 })
    await fresh.waitForLoadState('networkidle')
    return { login, messages: [...fetched] }
  } finally {
    await browser.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * With a TRTC application on the server: /messages still fetches no TRTC code, and a call (through
 * the widget's published API) fetches the trtc-engine chunk. The call itself cannot get further
 * here (no Tencent Cloud); only the download is measured.
 */
async function trtcCallAssets() {
  const { chromium } = await import('playwright-core')
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../scripts/chromium.mjs')
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'weitalk-bench-trtc-'))
  const env = { DEMO_DATA: '1', DATABASE_URL: undefined, REDIS_URL: undefined, TRTC_SDK_APP_ID: '1400000001', TRTC_SECRET_KEY: 'bench-only-not-a-real-key' }
  const server = await startServer({ dataDir, env })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const fetched = new Set()
    page.on('response', (r) => {
      const url = new URL(r.url())
      if (url.origin === server.url && /\.(js|css)$/.test(url.pathname)) fetched.add(url.pathname.replace(/^\//, ''))
    })
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' })
    const field = (id) => page.locator(`[data-testid="${id}"] input, input[data-testid="${id}"]`).filter({ visible: true }).first()
    await page.locator('[data-testid="login-tab-phone"]').filter({ visible: true }).first().click()
    await field('login-phone').fill(DEMO_PHONE)
    await field('login-pwd').fill(DEMO_PASSWORD)
    await page.locator('[data-testid="login-submit"]').filter({ visible: true }).first().click()
    await page.waitForURL(/\/messages/, { timeout: 60_000 })
    await page.locator('[data-testid="conv-row"]').first().waitFor({ timeout: 60_000 })
    await page.waitForLoadState('networkidle')
    const beforeCall = [...fetched]
    await page.waitForFunction(() => 'TUICallKit' in globalThis, undefined, { timeout: 30_000 })
    const chunk = page.waitForResponse((r) => /\/js\/trtc-engine\.[^/]*\.js$/.test(new URL(r.url()).pathname), { timeout: 60_000 }).catch(() => null)
    await page.evaluate(() => {
      const kit = globalThis.TUICallKit
      Promise.resolve(kit.call({ userID: '10000002', type: 1 })).catch(() => undefined)
    })
    const loaded = await chunk
    return { beforeCall, callChunk: loaded ? new URL(loaded.url()).pathname.replace(/^\//, '') : null }
  } finally {
    await browser.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The build's JS files holding trtc-sdk-v5. */
function trtcFiles() {
  const dir = path.join(distDir, 'js')
  return new Set(
    readdirSync(dir)
      .filter((f) => f.endsWith('.js') && (f.startsWith('trtc-engine.') || readFileSync(path.join(dir, f), 'utf8').includes('trtc.io')))
      .map((f) => `js/${f}`),
  )
}

function reportTrtc(label, files, trtc) {
  const hit = files.filter((f) => trtc.has(f))
  console.log(`TRTC code in ${label}: ${hit.length ? `YES (${hit.join(', ')})` : 'none'}`)
}

const kb = (n) => (n / 1024).toFixed(1)

function printTable(title, rows) {
  console.log(`\n${title}`)
  console.log(`  ${'file'.padEnd(44)} ${'kind'.padEnd(4)} ${'raw KB'.padStart(9)} ${'gzip KB'.padStart(9)} ${'br KB'.padStart(9)}`)
  for (const r of rows) console.log(`  ${r.file.padEnd(44)} ${r.kind.padEnd(4)} ${kb(r.raw).padStart(9)} ${kb(r.gzip).padStart(9)} ${kb(r.brotli).padStart(9)}`)
  const total = (kind) => rows.filter((r) => r.kind === kind).reduce((a, r) => ({ raw: a.raw + r.raw, gzip: a.gzip + r.gzip, brotli: a.brotli + r.brotli }), { raw: 0, gzip: 0, brotli: 0 })
  for (const kind of ['js', 'css']) {
    const t = total(kind)
    console.log(`  ${`total ${kind}`.padEnd(44)} ${''.padEnd(4)} ${kb(t.raw).padStart(9)} ${kb(t.gzip).padStart(9)} ${kb(t.brotli).padStart(9)}`)
  }
  return total('js').gzip
}

const verdict = (bytes, budgetKb) => `${kb(bytes)} KB gzip; goal ≤ ${budgetKb} KB (${bytes <= budgetKb * 1024 ? 'met' : 'over'})`

/** The heaviest source modules of each chunk file (sizes before minification), from webpack's stats. */
function printModules(statsFile, files) {
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'))
  const flat = (mods, chunks) => mods.flatMap((m) => (m.modules ? flat(m.modules, m.chunks) : [{ ...m, chunks: m.chunks ?? chunks ?? [] }]))
  const modules = flat(stats.modules ?? [])
  const pkg = (name) => {
    const n = (name ?? '').replace(/\?.*$/, '')
    const at = n.lastIndexOf('node_modules/')
    if (at < 0) return n.replace(/^\.\//, '').split('/').slice(0, 3).join('/')
    const parts = n.slice(at).split('/')
    return parts.slice(0, parts[1]?.startsWith('@') ? 3 : 2).join('/')
  }
  for (const chunk of stats.chunks ?? []) {
    const file = chunk.files.find((f) => f.endsWith('.js'))
    if (!file || !files.includes(file)) continue
    const sizes = new Map()
    for (const m of modules) if (m.chunks.includes(chunk.id) && !/css-loader|mini-css-extract/.test(m.name ?? '')) sizes.set(pkg(m.name), (sizes.get(pkg(m.name)) ?? 0) + m.size)
    console.log(`\n${file}: heaviest modules (KB before minification)`)
    for (const [name, size] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${kb(size).padStart(8)}  ${name}`)
  }
}

if (!existsSync(path.join(distDir, 'index.html'))) {
  console.error('dist/h5 is missing: run `node scripts/ensure-h5-build.mjs` first.')
  process.exit(1)
}

const { entries, chunks, ids } = staticLoginAssets()
console.log(`Login route ${loginPage}: chunk ids ${ids.join(', ')}`)
const staticJs = printTable('Static: index.html assets + the login route chunks', [...entries, ...chunks].map(measure))
console.log(`\nLogin page JS: ${verdict(staticJs, LOGIN_JS_BUDGET_KB)}`)
const trtc = trtcFiles()
console.log(`\nTRTC SDK in the build: ${[...trtc].map((f) => `${f} (${kb(measure(f).gzip)} KB gzip)`).join(', ') || 'none'}`)
reportTrtc('index.html assets + the login route chunks', [...entries, ...chunks], trtc)

if (!process.argv.includes('--static')) {
  const fetched = await browserPageAssets()
  const loginJs = printTable('Chromium: every script and stylesheet fetched while opening /login', fetched.login.map(measure))
  const expected = new Set([...entries, ...chunks])
  const extra = fetched.login.filter((f) => !expected.has(f))
  const unused = [...expected].filter((f) => !fetched.login.includes(f))
  console.log(`\nLogin page JS fetched by the browser: ${verdict(loginJs, LOGIN_JS_BUDGET_KB)}`)
  if (extra.length) console.log(`  fetched but not predicted statically: ${extra.join(', ')}`)
  if (unused.length) console.log(`  predicted but not fetched: ${unused.join(', ')}`)
  if (!extra.length && !unused.length) console.log('  the static analysis and the browser agree')
  const messagesJs = printTable('Chromium: every script and stylesheet of /messages (logged in, no chat open)', fetched.messages.map(measure))
  console.log(`\nLogged-in /messages JS: ${verdict(messagesJs, MESSAGES_JS_BUDGET_KB)}`)
  reportTrtc('what /login fetched', fetched.login, trtc)
  reportTrtc('what /messages fetched (server without TRTC)', fetched.messages, trtc)
  const withTrtc = await trtcCallAssets()
  reportTrtc('what /messages fetched (server with a TRTC application, before any call)', withTrtc.beforeCall, trtc)
  console.log(`TRTC chunk fetched by a call with a TRTC application: ${withTrtc.callChunk ?? 'NO'}`)
  const statsFile = process.argv.find((a) => a.startsWith('--modules='))?.slice('--modules='.length)
  if (statsFile) printModules(statsFile, [...new Set([...fetched.login, ...fetched.messages])])
}
