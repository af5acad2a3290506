import { ContactError, FriendChangeKind, TAG_COUNT_MAX, type FriendListItem, type Tag } from '../../../types/friends.js'
import type { AppContext } from '../context.js'
import * as tags from '../data/tags.js'
import type { Queryable } from '../db/Db.js'
import { listFriends } from '../data/friends.js'
import { requireFriend } from './friends.js'
import { refuse } from '../domain/refusal.js'
import { change, newEffects, outcome, record, type Actor, type Effects, type Outcome } from './effects.js'

/**
 * Tags are private to their owner: every call names the caller, and a tag ID of someone else
 * is answered exactly like one that does not exist. Tags show in the friend list, so each change
 * refreshes it on the caller's other devices.
 */

type Ctx = Pick<AppContext, 'db'>


const listChanged = (fx: Effects, me: Actor, about = '') =>
  record(fx, { kind: 'friendChange', wtId: me.wtId, change: FriendChangeKind.Updated, about, exceptSession: me.session })

async function requireOwnTags(q: Queryable, me: string, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)]
  if ((await tags.ownTagCount(q, me, unique)) !== unique.length) throw refuse(ContactError.TagNotFound)
}

/** Only my two-way friends can carry my tags. */
async function requireFriends(q: Queryable, me: string, wtIds: string[]): Promise<string[]> {
  const unique = [...new Set(wtIds)]
  const friends = await listFriends(q, me, unique)
  if (friends.length !== unique.length) throw refuse(ContactError.NotFriend)
  return unique
}

/** My tags with their friend counts; tagStatus 1 on the tags `wtId` carries (when given). */
export const listTags = (ctx: Ctx, me: string, wtId: string | null = null): Promise<Tag[]> => tags.listTags(ctx.db, me, wtId)

export async function addTag(ctx: Ctx, me: Actor, tagName: string): Promise<Outcome<Tag>> {
  if ((await tags.tagCount(ctx.db, me.wtId)) >= TAG_COUNT_MAX) throw refuse(ContactError.TooManyTags)
  const id = await tags.insertTag(ctx.db, me.wtId, tagName)
  if (id === null) throw refuse(ContactError.TagExists)
  return outcome({ id, tagName, tagStatus: 0, userCount: 0 }, listChanged(newEffects(), me))
}

export const renameTag = (ctx: Ctx, me: Actor, tagId: number, tagName: string): Promise<Outcome<void>> =>
  change(ctx.db, async (q, fx) => {
    await requireOwnTags(q, me.wtId, [tagId])
    if (await tags.tagNameTaken(q, me.wtId, tagName, tagId)) throw refuse(ContactError.TagExists)
    await tags.renameTag(q, me.wtId, tagId, tagName)
    listChanged(fx, me)
  })

export const deleteTags = (ctx: Ctx, me: Actor, ids: number[]): Promise<Outcome<void>> =>
  change(ctx.db, async (q, fx) => {
    await requireOwnTags(q, me.wtId, ids)
    await tags.deleteTags(q, me.wtId, ids)
    listChanged(fx, me)
  })

/** Replaces the set of my tags one friend carries. */
export const setTagsOfFriend = (ctx: Ctx, me: Actor, friend: string, tagIds: number[]): Promise<Outcome<void>> =>
  change(ctx.db, async (q, fx) => {
    await requireFriend(q, me.wtId, friend)
    if (tagIds.length) await requireOwnTags(q, me.wtId, tagIds)
    await tags.setTagsOf(q, me.wtId, friend, tagIds)
    listChanged(fx, me, friend)
  })

export const addFriendsToTag = (ctx: Ctx, me: Actor, tagId: number, wtIds: string[]): Promise<Outcome<void>> =>
  change(ctx.db, async (q, fx) => {
    await requireOwnTags(q, me.wtId, [tagId])
    await tags.addTagMembers(q, tagId, await requireFriends(q, me.wtId, wtIds))
    listChanged(fx, me)
  })

export async function removeFriendsFromTag(ctx: Ctx, me: Actor, tagId: number, wtIds: string[]): Promise<Outcome<void>> {
  await requireOwnTags(ctx.db, me.wtId, [tagId])
  await tags.removeTagMembers(ctx.db, tagId, wtIds)
  return outcome(undefined, listChanged(newEffects(), me))
}

export async function friendsWithTag(ctx: Ctx, me: string, tagId: number): Promise<FriendListItem[]> {
  await requireOwnTags(ctx.db, me, [tagId])
  const members = await tags.tagMembers(ctx.db, tagId)
  return members.length ? listFriends(ctx.db, me, members) : []
}
