import { BlackStatus, ContactError, FriendChangeKind, type BlacklistItem } from '../../../types/friends.js'
import type { AppContext } from '../context.js'
import * as blacklist from '../data/blacklist.js'
import { refuse } from '../domain/refusal.js'
import { newEffects, outcome, record, type Outcome } from './effects.js'

type Ctx = Pick<AppContext, 'db'>

/** My other devices' friend lists change with the entry (the caller's own device already knows). */
const listChanged = (me: string, target: string, exceptSession: string) =>
  record(newEffects(), { kind: 'friendChange', wtId: me, change: FriendChangeKind.Updated, about: target, exceptSession })

/** Puts a user on my blacklist: their messages to me are refused (20007) and so are their applications. */
export async function addToBlacklist(ctx: Ctx, me: string, target: string, session: string): Promise<Outcome<BlackStatus>> {
  if (target === me) throw refuse(ContactError.BlackSelf)
  if (!(await blacklist.userExists(ctx.db, target))) throw refuse(ContactError.UserNotFound)
  await blacklist.insertBlacklistEntry(ctx.db, me, target)
  return outcome(BlackStatus.Yes, listChanged(me, target, session))
}

export async function removeFromBlacklist(ctx: Ctx, me: string, target: string, session: string): Promise<Outcome<BlackStatus>> {
  await blacklist.deleteBlacklistEntry(ctx.db, me, target)
  return outcome(BlackStatus.No, listChanged(me, target, session))
}

/** My blacklist, newest first, with my remark where the user is still a friend. */
export const listBlacklist = (ctx: Ctx, me: string): Promise<BlacklistItem[]> => blacklist.listBlacklist(ctx.db, me)
