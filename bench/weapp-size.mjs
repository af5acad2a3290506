/**
 * What each WeChat package of the mini-program build weighs, against the budget (main ≤ 1.5 MB,
 * each subpackage ≤ 1 MB, all ≤ 6 MB; WeChat's own limits are 2 MB a package and 20 MB in all).
 *
 *   npm run build:weapp && node bench/weapp-size.mjs [--files=N]
 *
 * Prints one row a package with its heaviest files, then the breaches; exits 1 over budget.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sizes from './lib/weappPackages.cjs'

const { budgetBreaches, weappPackages } = sizes
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const filesArg = process.argv.find((a) => a.startsWith('--files='))
const shown = filesArg ? Number(filesArg.slice('--files='.length)) : 3
const kb = (n) => (n / 1024).toFixed(1).padStart(8)

const packages = weappPackages(path.join(root, 'dist/weapp'))
console.log(`${'package'.padEnd(12)} ${'root'.padEnd(20)} ${'KB'.padStart(8)} ${'budget'.padStart(8)}  heaviest files`)
for (const p of packages) {
  const files = p.files.slice(0, shown).map((f) => `${f.file} (${(f.bytes / 1024).toFixed(1)})`).join(', ')
  console.log(`${p.name.padEnd(12)} ${(p.root || '/').padEnd(20)} ${kb(p.bytes)} ${kb(p.limit)}  ${files}`)
}
const total = packages.reduce((sum, p) => sum + p.bytes, 0)
console.log(`${'total'.padEnd(12)} ${''.padEnd(20)} ${kb(total)} ${kb(6 * 1024 * 1024)}`)
const breaches = budgetBreaches(packages)
for (const b of breaches) console.log(`OVER BUDGET: ${b}`)
process.exitCode = breaches.length > 0 ? 1 : 0
