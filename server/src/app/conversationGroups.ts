import {
  ALL_CONVERSATION_GROUP_ID,
  CONVERSATION_GROUP_MAX,
  ConversationGroupError,
  type HideStatus,
  type ConversationGroup,
  type SessionRelation,
} from '../../../types/conversationGroup.js'
import type { AppContext } from '../context.js'
import * as groups from '../data/conversationGroups.js'
import type { Queryable } from '../db/Db.js'
import { checkGroupName, relationConversationIds } from '../domain/conversationGroups.js'
import { refuse } from '../domain/refusal.js'
import { change, type Actor, type Effects, type Outcome } from './effects.js'

/**
 * The user's conversation groups (tabs of conversations, not 群). Each change runs in one
 * transaction; the user's other devices then get the new list, so their tabs match at once.
 */

type Ctx = Pick<AppContext, 'db'>


const changed = (fx: Effects, me: Actor) => fx.events.push({ kind: 'conversationGroups', wtId: me.wtId, exceptSession: me.session })

export const listConversationGroups = (ctx: Ctx, me: string): Promise<ConversationGroup[]> => groups.listConversationGroups(ctx.db, me)

async function requireGroup(q: Queryable, me: string, id: number): Promise<ConversationGroup> {
  const group = await groups.conversationGroup(q, me, id)
  if (!group) throw refuse(ConversationGroupError.NotFound)
  return group
}

export const getConversationGroup = (ctx: Ctx, me: string, id: number): Promise<ConversationGroup> => requireGroup(ctx.db, me, id)

async function requireOwnGroups(q: Queryable, me: string, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)]
  if (unique.includes(ALL_CONVERSATION_GROUP_ID)) throw refuse(ConversationGroupError.AllFixed)
  if ((await groups.ownGroupCount(q, me, unique)) !== unique.length) throw refuse(ConversationGroupError.NotFound)
  return unique
}

/** Only conversations of my list (not deleted, not of a group I left) may go into my groups. */
async function requireOwnConversations(q: Queryable, me: string, relations: SessionRelation[]): Promise<string[]> {
  const ids = relationConversationIds(me, relations)
  if (ids.length && (await groups.listedConversationCount(q, me, ids)) !== ids.length) throw refuse(ConversationGroupError.ConversationNotFound)
  return ids
}

export const addConversationGroup = (ctx: Ctx, me: Actor, rawName: string, relations: SessionRelation[]): Promise<Outcome<ConversationGroup>> =>
  change(ctx.db, async (q, fx) => {
    const name = checkGroupName(rawName)
    const count = await groups.lockedGroupCount(q, me.wtId)
    if (count.n >= CONVERSATION_GROUP_MAX) throw refuse(ConversationGroupError.TooMany)
    const conversationIds = await requireOwnConversations(q, me.wtId, relations)
    const id = await groups.insertConversationGroup(q, me.wtId, name, count.next)
    await groups.setGroupConversations(q, me.wtId, id, conversationIds)
    changed(fx, me)
    return requireGroup(q, me.wtId, id)
  })

export const updateConversationGroup = (ctx: Ctx, me: Actor, id: number, rawName: string, relations: SessionRelation[]): Promise<Outcome<ConversationGroup>> =>
  change(ctx.db, async (q, fx) => {
    await requireOwnGroups(q, me.wtId, [id])
    const name = checkGroupName(rawName)
    const conversationIds = await requireOwnConversations(q, me.wtId, relations)
    await groups.renameConversationGroup(q, me.wtId, id, name)
    await groups.setGroupConversations(q, me.wtId, id, conversationIds)
    changed(fx, me)
    return requireGroup(q, me.wtId, id)
  })

export const hideConversationGroup = (ctx: Ctx, me: Actor, id: number, hideStatus: HideStatus): Promise<Outcome<void>> =>
  change(ctx.db, async (q, fx) => {
    await requireOwnGroups(q, me.wtId, [id])
    await groups.setConversationGroupHidden(q, me.wtId, id, hideStatus)
    changed(fx, me)
  })

/** The ids given take the first places in that order; my other groups follow in their old order. */
export const sortConversationGroups = (ctx: Ctx, me: Actor, ids: number[]): Promise<Outcome<void>> =>
  change(ctx.db, async (q, fx) => {
    const given = await requireOwnGroups(q, me.wtId, ids)
    const rest = (await groups.conversationGroupOrder(q, me.wtId)).filter((id) => !given.includes(id))
    await groups.reorderConversationGroups(q, me.wtId, [...given, ...rest])
    changed(fx, me)
  })

export const deleteConversationGroups = (ctx: Ctx, me: Actor, ids: number[]): Promise<Outcome<void>> =>
  change(ctx.db, async (q, fx) => {
    await groups.deleteConversationGroups(q, me.wtId, await requireOwnGroups(q, me.wtId, ids))
    changed(fx, me)
  })
