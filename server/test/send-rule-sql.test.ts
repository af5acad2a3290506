import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * src/data/sql/send.sql keeps the current definition of each SQL function a send runs, so the
 * rule reads in one place; the database gets them from the migrations, which redefine them over
 * time. This holds the copy equal to the newest definition of each.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src')
const migrations = path.join(root, 'db/migrations')
const FUNCTION = /CREATE (?:OR REPLACE )?FUNCTION (\w+)\s*\([\s\S]*?\$(\w*)\$[\s\S]*?\$\2\$[^;]*;/g

/** Each function's definition with its name taken out, by name. */
function definitions(sql: string): Map<string, string> {
  return new Map([...sql.matchAll(FUNCTION)].map((m) => [m[1]!, m[0].replace(/^CREATE (?:OR REPLACE )?FUNCTION \w+/, '').trim()]))
}

/** The newest definition of `name` in the migrations before `before` (file names sort in order). */
function newest(name: string, before = '\uffff'): string | undefined {
  let found: string | undefined
  for (const file of fs.readdirSync(migrations).filter((f) => f.endsWith('.sql') && f < before).sort()) {
    found = definitions(fs.readFileSync(path.join(migrations, file), 'utf8')).get(name) ?? found
  }
  return found
}

describe('the send rule kept readable beside the data layer', () => {
  const copy = definitions(fs.readFileSync(path.join(root, 'data/sql/send.sql'), 'utf8'))

  it('holds every function a send runs', () => {
    expect([...copy.keys()].sort()).toEqual(['im_counts_unread', 'im_send', 'im_send_batch', 'im_send_batch_each', 'im_send_batch_store', 'im_sender_only'])
  })

  it.each(['im_counts_unread', 'im_send', 'im_send_batch', 'im_send_batch_store', 'im_sender_only'])('%s is its newest migration definition', (name) => {
    expect(copy.get(name)).toBe(newest(name))
  })

  it('im_send_batch_each is the batch function that 015 renamed', () => {
    expect(copy.get('im_send_batch_each')).toBe(newest('im_send_batch', '015'))
  })
})
