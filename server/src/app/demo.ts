import { HELPER_ID } from '../../../types/favorites.js'
import { ApplySource } from '../../../types/friends.js'
import type { AppContext } from '../context.js'
import { recordMembership } from '../data/admin/membership.js'
import { accountCount, insertTag } from '../data/demo.js'
import { makeFriends } from '../data/friends.js'
import { insertUser } from '../data/users.js'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TAG } from '../domain/demo.js'

/**
 * On an empty database, creates the demo accounts as mutual friends with one tag, the member among
 * them with the operator's grant in their history (else the member centre shows a member with no
 * record of becoming one); returns them when it did.
 */
export async function seedDemoData(ctx: AppContext): Promise<typeof DEMO_ACCOUNTS | null> {
  if ((await accountCount(ctx.db, HELPER_ID)) > 0) return null
  const pwdHash = await ctx.passwords.hash(DEMO_PASSWORD)
  await ctx.db.tx(async (q) => {
    for (const a of DEMO_ACCOUNTS) {
      await insertUser(q, { ...a, pwdHash })
      if (a.vipType !== 0) await recordMembership(q, a.wtId, 'grant', { vip_type: a.vipType, vip_level: a.vipLevel, vip_expires_at: null }, '')
    }
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      for (const b of DEMO_ACCOUNTS.slice(i + 1)) await makeFriends(q, a.wtId, b.wtId, ApplySource.SearchId)
    }
    await insertTag(q, DEMO_TAG.owner, DEMO_TAG.tagName, DEMO_TAG.members)
  })
  return DEMO_ACCOUNTS
}
