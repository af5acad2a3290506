/**
 * Every page of the built app.json is opened by some test of this suite: a page added to the
 * route table without a mini-program test fails here.
 */
import fs from 'node:fs'
import path from 'node:path'
import { DIST_ROOT } from './harness'

test('each page of dist/weapp/app.json (subpackages included) is opened by a test in test/weapp', () => {
  const app = JSON.parse(fs.readFileSync(path.join(DIST_ROOT, 'app.json'), 'utf8')) as { pages: string[]; subPackages?: { root: string; pages: string[] }[] }
  const pages = [...app.pages, ...(app.subPackages ?? []).flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
  expect(pages.length).toBeGreaterThan(10)
  const sources = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.ts') && f !== path.basename(__filename))
    .map((f) => fs.readFileSync(path.join(__dirname, f), 'utf8'))
  const opened = (page: string) => sources.some((s) => s.includes(`openPage('${page}'`))
  expect(pages.filter((p) => !opened(p))).toEqual([])
})
