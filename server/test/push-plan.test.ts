import { describe, expect, it } from 'vitest'
import { ConvType, MsgType, type Message } from '../../types/chat.js'
import { memoryPresence } from '../src/adapters/presence.js'
import { planPushes, plansNothing } from '../src/app/push/plan.js'
import type { Queryable } from '../src/db/Db.js'

/** Counts the statements the planner sends; it answers every one with no subscriber. */
function countingDb(): Queryable & { statements: number } {
  const db = {
    statements: 0,
    async query<R>() {
      db.statements += 1
      return { rows: [] as R[], rowCount: 0 }
    },
    async exec() {
      db.statements += 1
    },
  }
  return db
}

const text = (from: string, to: string): Message =>
  ({
    conversationID: `C2C${from}`,
    conversationType: ConvType.C2C,
    from,
    to,
    type: MsgType.Text,
    payload: { text: '你好' },
    atUserList: [],
    isRevoked: false,
  }) as unknown as Message

describe('push planning of a one-to-one message', () => {
  it('asks the database nothing when the recipient is online', async () => {
    const db = countingDb()
    const presence = memoryPresence()
    presence.connected('b')
    const planned = await planPushes({ db, presence, sessionIdleSeconds: 3600 }, { kind: 'message', message: text('a', 'b'), audience: { conversationOf: 'c2c', recipient: 'b' } })
    expect(planned).toEqual([])
    expect(db.statements).toBe(0)
  })

  it('reads the subscriptions of an offline recipient', async () => {
    const db = countingDb()
    const planned = await planPushes({ db, presence: memoryPresence(), sessionIdleSeconds: 3600 }, { kind: 'message', message: text('a', 'b'), audience: { conversationOf: 'c2c', recipient: 'b' } })
    expect(planned).toEqual([])
    expect(db.statements).toBe(1)
  })
})

describe('an event that plans nothing, told without waiting', () => {
  const toB = { kind: 'message', message: text('a', 'b'), audience: { conversationOf: 'c2c', recipient: 'b' } } as const

  it('is a one-to-one message to a recipient this process knows is online', () => {
    const presence = memoryPresence()
    expect(plansNothing(presence, toB)).toBe(false)
    presence.connected('b')
    expect(plansNothing(presence, toB)).toBe(true)
  })

  it('is never one whose recipient only a lookup can tell, nor a friend application', () => {
    const asking = { ...memoryPresence(), onlineNow: () => null }
    expect(plansNothing(asking, toB)).toBe(false)
    expect(plansNothing(memoryPresence(), { kind: 'friendApply', to: 'b', from: 'a' })).toBe(false)
  })
})
