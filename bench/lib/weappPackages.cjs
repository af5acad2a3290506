/**
 * The WeChat packages of a mini-program build (dist/weapp): which files each package holds, by
 * the subpackage roots in app.json, and the size budget of issue 33
 * (docs/decisions/0070-mini-program-subpackages-page-folders-as-roots-pinyin.md). CommonJS so that both the bench (ESM) and the Jest suite read it.
 */
const fs = require('node:fs')
const path = require('node:path')

const MB = 1024 * 1024
/** WeChat counts a megabyte as 1024 × 1024 bytes (its 2 MB main-package limit). */
const BUDGET = { main: 1.5 * MB, subpackage: 1 * MB, total: 6 * MB }
/** What WeChat's upload refuses: over these the mini-program cannot be published at all. */
const WECHAT_LIMIT = { main: 2 * MB, subpackage: 2 * MB, total: 20 * MB }

/** Files WeChat's upload leaves out of a package (the licence notes terser writes beside a chunk). */
const IGNORED = /\.LICENSE\.txt$/

function listFiles(dir, base = dir) {
  const out = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...listFiles(full, base))
    else if (!IGNORED.test(entry.name)) out.push({ file: path.relative(base, full).split(path.sep).join('/'), bytes: fs.statSync(full).size })
  }
  return out
}

/** [{ name, root, bytes, limit, files: [{ file, bytes }] (largest first) }], main first. */
function weappPackages(distRoot) {
  const appJson = JSON.parse(fs.readFileSync(path.join(distRoot, 'app.json'), 'utf8'))
  const subs = (appJson.subPackages || appJson.subpackages || []).map((s) => ({ name: s.name || s.root, root: s.root.replace(/\/$/, '') }))
  const packages = [{ name: 'main', root: '', limit: BUDGET.main, files: [] }, ...subs.map((s) => ({ ...s, limit: BUDGET.subpackage, files: [] }))]
  for (const f of listFiles(distRoot)) {
    const owner = packages.find((p) => p.root !== '' && f.file.startsWith(`${p.root}/`)) || packages[0]
    owner.files.push(f)
  }
  for (const p of packages) {
    p.files.sort((a, b) => b.bytes - a.bytes)
    p.bytes = p.files.reduce((sum, f) => sum + f.bytes, 0)
  }
  return packages
}

/**
 * The breaches of `limits` (the budget by default, or WECHAT_LIMIT), each naming the package's
 * largest files; empty when within them.
 */
function budgetBreaches(packages, largest = 5, limits = BUDGET) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`
  const heaviest = (files) => files.slice(0, largest).map((f) => `${f.file} ${kb(f.bytes)}`).join(', ')
  const breaches = packages
    .map((p) => ({ ...p, limit: p.root === '' ? limits.main : limits.subpackage }))
    .filter((p) => p.bytes > p.limit)
    .map((p) => `${p.name} package is ${kb(p.bytes)}, over its ${kb(p.limit)} limit; largest files: ${heaviest(p.files)}`)
  const total = packages.reduce((sum, p) => sum + p.bytes, 0)
  if (total > limits.total) {
    const all = packages.flatMap((p) => p.files).sort((a, b) => b.bytes - a.bytes)
    breaches.push(`all packages together are ${kb(total)}, over the ${kb(limits.total)} limit; largest files: ${heaviest(all)}`)
  }
  return breaches
}

module.exports = { BUDGET, WECHAT_LIMIT, weappPackages, budgetBreaches }
