import {
  ApplySource,
  ApplyStatus,
  ContactError,
  FriendChangeKind,
  HandleStatus,
  NOT_FOUND_PROFILE_ID,
  defaultApplyInfo,
  type CommonGroup,
  type FriendApplication,
  type FriendInfo,
  type FriendListItem,
  type SpaceStatusResult,
} from '../../../types/friends.js'
import type { AppContext } from '../context.js'
import type { Queryable } from '../db/Db.js'
import * as friendApps from '../data/friendApplications.js'
import * as conversations from '../data/conversations.js'
import * as friends from '../data/friends.js'
import { c2cIdFor } from '../domain/conversationIds.js'
import { deletedProfile, profileAsSeen } from '../domain/friends.js'
import { refuse } from '../domain/refusal.js'
import { change, newEffects, outcome, record, type Actor, type Outcome } from './effects.js'

/**
 * Friend changes: applications, their handling, remarks, moments flags and deleting a friend.
 * Each runs its transaction and records who must hear of it: the friend lists (and with them the
 * cached feed pages) of both sides, and the receiver's application counter.
 */

type Ctx = Pick<AppContext, 'db'>

export async function requireFriend(q: Queryable, me: string, friend: string): Promise<void> {
  if (!(await friends.areFriends(q, me, friend))) throw refuse(ContactError.NotFriend)
}

export const friendList = (ctx: Ctx, me: string): Promise<FriendListItem[]> => friends.listFriends(ctx.db, me)

export const unreadApplicationCount = (ctx: Ctx, me: string): Promise<number> => friendApps.unreadApplications(ctx.db, me)

/** Groups both users currently belong to, newest first. */
export const commonGroups = (ctx: Ctx, me: string, other: string): Promise<CommonGroup[]> => friends.commonGroups(ctx.db, me, other)

/**
 * One user's profile and friend info as `me` sees them: my remark, my tags and my flags only.
 * The deleted-account id answers actionStatus 1; an unknown id is refused.
 */
export async function friendInfo(ctx: Ctx, me: string, searchId: string): Promise<FriendInfo> {
  if (searchId === NOT_FOUND_PROFILE_ID) return deletedProfile(NOT_FOUND_PROFILE_ID, '', '')
  const r = await friends.profileRow(ctx.db, me, searchId)
  if (!r) throw refuse(ContactError.UserNotFound)
  if (r.action_status === 1) return deletedProfile(r.wt_id, r.nick_name, r.avatar)
  return profileAsSeen(r, me)
}

export interface ApplyInput {
  applyWtId: string
  applySource: number
  applyInfo: string
  groupID?: string | undefined
}

/**
 * Member protection (spec 6): ordinary members of a group with the switch on cannot add each
 * other from that group. Without a named group, the application passes when at least one group
 * the two share would allow it. Returns the group's name for the default reason.
 */
async function checkGroupSource(q: Queryable, me: string, target: string, groupId: string | undefined): Promise<string> {
  const first = await friendApps.sharedGroupFirst(q, me, target, groupId)
  if (!first) throw refuse(ContactError.NotInGroup)
  if (first.protected) throw refuse(ContactError.MemberProtected)
  return first.group_name
}

/** Records (or renews) my application to a user; a new application reaches every device of its receiver. */
export const applyFor = (ctx: Ctx, me: string, input: ApplyInput): Promise<Outcome<FriendApplication>> =>
  change(ctx.db, async (q, fx) => {
    const target = input.applyWtId
    if (target === me) throw refuse(ContactError.ApplySelf)
    const t = await friendApps.targetOf(q, me, target)
    if (!t) throw refuse(ContactError.UserNotFound)
    if (t.action_status !== 0) throw refuse(ContactError.Deactivated)
    if (t.blocked) throw refuse(ContactError.BlockedByPeer)
    if (await friends.areFriends(q, me, target)) throw refuse(ContactError.AlreadyFriend)
    let info = input.applyInfo
    if (input.applySource === ApplySource.Group) {
      const groupName = await checkGroupSource(q, me, target, input.groupID)
      if (!info) info = defaultApplyInfo((await friendApps.nickNameOf(q, me)) ?? '', groupName)
    }
    await friendApps.upsertApplication(q, { applicant: me, target, applySource: input.applySource, applyInfo: info, groupId: input.groupID ?? null })
    const application = await friendApps.applicationOf(q, me, target)
    record(fx, { kind: 'friendApply', wtId: input.applyWtId, application })
    return application
  })

/**
 * Agrees to or rejects a pending application to me. Agreeing makes the two friends both ways at
 * once and settles my own pending application to the applicant, if any; either way my counter drops.
 */
export const handle = (ctx: Ctx, me: string, applicant: string, handleStatus: number): Promise<Outcome<FriendApplication>> =>
  change(ctx.db, async (q, fx) => {
    const status = handleStatus === HandleStatus.Agree ? ApplyStatus.Agreed : ApplyStatus.Rejected
    const applySource = await friendApps.settlePending(q, applicant, me, status)
    if (applySource === undefined) throw refuse(ContactError.ApplicationNotFound)
    if (status === ApplyStatus.Agreed) {
      if ((await friendApps.actionStatusOf(q, applicant)) !== 0) throw refuse(ContactError.Deactivated)
      await friends.makeFriends(q, me, applicant, applySource)
      await friendApps.agreeReverse(q, me, applicant)
    }
    const application = await friendApps.applicationOf(q, applicant, me)
    record(fx, { kind: 'friendApply', wtId: me, application: null })
    if (handleStatus === HandleStatus.Agree) {
      record(
        fx,
        { kind: 'friendChange', wtId: me, change: FriendChangeKind.Added, about: applicant },
        { kind: 'friendChange', wtId: applicant, change: FriendChangeKind.Added, about: me },
      )
    }
    return application
  })

/** Applications to me, newest first. Opening the list marks them read (`isRead` shows the state before), which my other devices' counters show. */
export async function applications(ctx: Ctx, me: string): Promise<Outcome<FriendApplication[]>> {
  const list = await friendApps.applicationsTo(ctx.db, me)
  const hadUnread = await friendApps.markApplicationsRead(ctx.db, me)
  const fx = newEffects()
  if (hadUnread) record(fx, { kind: 'friendApply', wtId: me, application: null })
  return outcome(list, fx)
}

export async function setRemark(ctx: Ctx, me: Actor, friend: string, remark: string): Promise<Outcome<void>> {
  await requireFriend(ctx.db, me.wtId, friend)
  await friends.updateRemark(ctx.db, me.wtId, friend, remark)
  return outcome(undefined, record(newEffects(), { kind: 'friendChange', wtId: me.wtId, change: FriendChangeKind.Updated, about: friend, exceptSession: me.session }))
}

export async function setSpaceFlags(ctx: Ctx, me: Actor, friend: string, flags: friends.SpaceFlags): Promise<Outcome<SpaceStatusResult>> {
  await requireFriend(ctx.db, me.wtId, friend)
  const after = await friends.updateSpaceStatus(ctx.db, me.wtId, friend, flags)
  return outcome(after, record(newEffects(), { kind: 'friendChange', wtId: me.wtId, change: FriendChangeKind.Updated, about: friend, exceptSession: me.session }))
}

/** Both directions go; the deleter's history with the friend is cleared and the conversation unfolded, unmuted and deleted. */
export const unfriend = (ctx: Ctx, me: Actor, friend: string): Promise<Outcome<void>> =>
  change(ctx.db, async (q, fx) => {
    const conversationID = c2cIdFor(friend)
    await requireFriend(q, me.wtId, friend)
    await friends.unfriend(q, me.wtId, friend)
    if (await conversations.deleteConversation(q, me.wtId, conversationID, true)) await friends.unmuteConversation(q, me.wtId, conversationID)
    record(
      fx,
      { kind: 'userFrame', wtId: me.wtId, frame: { type: 'convDeleted', conversationID }, exceptSession: me.session },
      { kind: 'friendChange', wtId: me.wtId, change: FriendChangeKind.Deleted, about: friend },
      { kind: 'friendChange', wtId: friend, change: FriendChangeKind.Deleted, about: me.wtId },
    )
  })
