import type { AppContext } from '../context.js'
import { hashPassword } from './passwords.js'
import { insertUser } from './users.js'

export const DEMO_PASSWORD = 'demo1234'

export const DEMO_ACCOUNTS = [
  { wtId: '10000001', phone: '13800000001', nickName: '张三', vipType: 0, vipLevel: 0 },
  { wtId: '10000002', phone: '13800000002', nickName: '李四', vipType: 1, vipLevel: 3 },
  { wtId: '10000003', phone: '13800000003', nickName: '王五', vipType: 0, vipLevel: 0 },
] as const

/** On an empty database, creates the demo accounts; returns them when it did. */
export async function seedDemoData(ctx: AppContext): Promise<typeof DEMO_ACCOUNTS | null> {
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')
  if (rows[0]!.n > 0) return null
  const pwdHash = await hashPassword(DEMO_PASSWORD)
  await ctx.db.tx(async (q) => {
    for (const a of DEMO_ACCOUNTS) await insertUser(q, { ...a, pwdHash })
  })
  return DEMO_ACCOUNTS
}
