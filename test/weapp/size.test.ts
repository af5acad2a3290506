/**
 * The mini-program's packages against the budget of issue 33 (main ≤ 1.5 MB, each subpackage
 * ≤ 1 MB, all ≤ 6 MB; WeChat's upload takes 2 MB a package), measured on the dist/weapp this
 * suite runs against; a breach names the heaviest files. `node bench/weapp-size.mjs` prints
 * where each package stands.
 */
import fs from 'node:fs'
import path from 'node:path'
import { DIST_ROOT } from './harness'

type Limits = { main: number; subpackage: number; total: number }
const { BUDGET, budgetBreaches, weappPackages } = require('../../bench/lib/weappPackages.cjs') as {
  BUDGET: Limits
  weappPackages(root: string): { name: string; root: string; bytes: number; files: { file: string; bytes: number }[] }[]
  budgetBreaches(packages: unknown[], largest?: number, limits?: Limits): string[]
}

test('every package of dist/weapp is within the budget: main 1.5 MB, each subpackage 1 MB, 6 MB in all', () => {
  const packages = weappPackages(DIST_ROOT)
  expect(packages.length).toBeGreaterThan(1)
  expect(BUDGET).toEqual({ main: 1.5 * 1024 * 1024, subpackage: 1024 * 1024, total: 6 * 1024 * 1024 })
  expect(budgetBreaches(packages)).toEqual([])
})

test('the first screen (login, conversation list, chat) is in the main package, the other pages in subpackages', () => {
  const app = JSON.parse(fs.readFileSync(path.join(DIST_ROOT, 'app.json'), 'utf8')) as { pages: string[]; subPackages: { root: string }[] }
  expect(app.pages).toEqual(['pages/messages/index', 'pages/login/index'])
  expect(app.subPackages.map((s) => s.root)).toEqual(expect.arrayContaining(['pages/contacts', 'pages/moments', 'pages/favorites', 'pages/member', 'pages/admin', 'pages/home']))
})

test('the mini-program build carries neither the web console, pinyin-pro nor the markdown lexer in its main package', () => {
  const main = weappPackages(DIST_ROOT)[0]!
  const mainCode = main.files.filter((f) => f.file.endsWith('.js')).map((f) => fs.readFileSync(path.join(DIST_ROOT, f.file), 'utf8')).join('\n')
  // The console's sections, the dictionary's surname table and marked's lexer, by texts only they contain.
  expect(mainCode).not.toContain('用户管理')
  expect(mainCode).not.toContain('尉迟')
  expect(mainCode).not.toContain('Infinite loop on byte')
  // Both reach the main package through require.async from the contacts subpackage.
  expect(fs.existsSync(path.join(DIST_ROOT, 'pages/contacts/pinyin-pro.js'))).toBe(true)
  expect(fs.readFileSync(path.join(DIST_ROOT, 'pages/contacts/marked.js'), 'utf8')).toContain('Infinite loop on byte')
  expect(fs.readFileSync(path.join(DIST_ROOT, 'pages/admin/index.js'), 'utf8')).not.toContain('用户管理')
})
