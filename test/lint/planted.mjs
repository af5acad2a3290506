/**
 * The planted-violation tests of this folder: a case lints `code` as if it were the file `as`
 * (which need not exist) and names the rules that must fire there, in order ([] for none).
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const eslint = new ESLint({ cwd: root })

/** One test a case: { name, as, code, fires }. */
export function testPlanted(cases) {
  for (const c of cases) {
    test(c.name, async () => {
      const [result] = await eslint.lintText(c.code, { filePath: path.join(root, c.as) })
      assert.deepEqual(
        result.messages.map((m) => m.ruleId ?? m.message),
        c.fires,
      )
    })
  }
}
