import type { AppContext } from '../context.js'
import { HELPER_ID } from '../../../types/favorites.js'
import { ApplySource } from '../../../types/friends.js'
import { makeFriends } from './friends.js'
import { hashPassword } from './passwords.js'
import { insertUser } from './users.js'

export const DEMO_PASSWORD = 'demo1234'

export const DEMO_ACCOUNTS = [
  { wtId: '10000001', phone: '13800000001', nickName: '张三', vipType: 0, vipLevel: 0 },
  { wtId: '10000002', phone: '13800000002', nickName: '李四', vipType: 1, vipLevel: 3 },
  { wtId: '10000003', phone: '13800000003', nickName: '王五', vipType: 0, vipLevel: 0 },
] as const

/** The demo tag 张三 puts on 李四, so the tag screens have something to show. */
export const DEMO_TAG = { owner: '10000001', tagName: '同事', members: ['10000002'] } as const

/** On an empty database, creates the demo accounts as mutual friends with one tag; returns them when it did. */
export async function seedDemoData(ctx: AppContext): Promise<typeof DEMO_ACCOUNTS | null> {
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE wt_id <> $1', [HELPER_ID])
  if (rows[0]!.n > 0) return null
  const pwdHash = await hashPassword(DEMO_PASSWORD)
  await ctx.db.tx(async (q) => {
    for (const a of DEMO_ACCOUNTS) await insertUser(q, { ...a, pwdHash })
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      for (const b of DEMO_ACCOUNTS.slice(i + 1)) await makeFriends(q, a.wtId, b.wtId, ApplySource.SearchId)
    }
    const { rows: tag } = await q.query<{ id: number }>('INSERT INTO user_tags (owner_wt_id, tag_name) VALUES ($1, $2) RETURNING id::int AS id', [
      DEMO_TAG.owner,
      DEMO_TAG.tagName,
    ])
    await q.query('INSERT INTO user_tag_members (tag_id, wt_id) SELECT $1, unnest($2::text[])', [tag[0]!.id, DEMO_TAG.members])
  })
  return DEMO_ACCOUNTS
}
