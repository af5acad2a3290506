import { ConvType, type Conversation } from '../../../types/chat.js'
import { MessageOpsText } from '../../../types/messageOps.js'
import type { AppContext } from '../context.js'
import * as conversations from '../data/conversations.js'
import { messageAt } from '../data/messages/rows.js'
import { withReactions } from '../data/messageOps/reactions.js'
import { checkConversationPatch } from './contactRules.js'
import { c2cIdFor, parseConversationId } from '../domain/conversationIds.js'
import type { ConvPatch } from '../domain/conversations.js'
import { toMessage } from '../domain/messages.js'
import { badRequest, notFound } from '../domain/refusal.js'
import { newEffects, outcome, record, type Outcome } from './effects.js'
import { ensureHelperConversation } from './helper.js'

type Ctx = Pick<AppContext, 'db'>

/** The user's window on a conversation of theirs; 404 when it is not theirs. */
async function windowOf(ctx: Ctx, me: string, conversationID: string) {
  const state = await conversations.conversationState(ctx.db, me, conversationID)
  if (!state) throw notFound('会话不存在')
  return state
}

/** The user's conversation list; spec 1: every account has the official helper's conversation, with its welcome card. */
export async function myConversations(ctx: Ctx, me: string): Promise<Conversation[]> {
  await ensureHelperConversation(ctx.db, me)
  return conversations.listConversations(ctx.db, me)
}

/**
 * Opens (creates if needed) a conversation. A C2C conversation needs an existing, active peer; a
 * group one needs a current or former membership. A conversation the user deleted comes back to
 * the list only when opening it shows something: with its history cleared (a deleted friend) it
 * stays out until its next message, so a chat merely looked at again, or an open repeated by a
 * page reload, does not bring back an empty row.
 */
export async function openConversation(ctx: Ctx, me: string, conversationID: string): Promise<Conversation | null> {
  const ref = parseConversationId(me, conversationID)
  if (!ref) throw notFound('会话不存在')
  const allowed = ref.type === ConvType.C2C ? await conversations.peerIsActive(ctx.db, ref.peer) : await conversations.everMember(ctx.db, ref.groupId, me)
  if (!allowed) throw notFound('会话不存在')
  await conversations.showConversation(ctx.db, me, conversationID, ref.channelId)
  return conversations.getConversation(ctx.db, me, conversationID)
}

/** A page of history with its reactions, newest last. */
export async function historyPage(ctx: Ctx, me: string, conversationID: string, beforeSeq: number | undefined, count: number) {
  const w = await windowOf(ctx, me, conversationID)
  return withReactions(ctx.db, w.channel_id, me, await conversations.history(ctx.db, me, w, beforeSeq, count))
}

/** The sequence of a message the user may see, by its ID; 404 '无法定位到原消息' otherwise. */
export async function locate(ctx: Ctx, me: string, conversationID: string, messageID: string): Promise<number> {
  const sequence = await conversations.locateMessage(ctx.db, me, await windowOf(ctx, me, conversationID), messageID)
  if (sequence === null) throw notFound(MessageOpsText.NotLocatable)
  return sequence
}

/** Everything after a sequence, with reactions: the catch-up after a reconnect. */
export async function catchUp(ctx: Ctx, me: string, conversationID: string, afterSeq: number, count: number) {
  const w = await windowOf(ctx, me, conversationID)
  return withReactions(ctx.db, w.channel_id, me, await conversations.since(ctx.db, me, w, afterSeq, count))
}

/** Pins, mutes, archives, drafts or tags a conversation; the user's other devices get its new state. */
export async function patch(ctx: Ctx, me: string, session: string, conversationID: string, p: ConvPatch): Promise<Outcome<Conversation | null>> {
  await checkConversationPatch(ctx.db, me, conversationID, p)
  if (!(await conversations.patchConversation(ctx.db, me, conversationID, p))) throw notFound('会话不存在')
  const fx = record(newEffects(), { kind: 'conversation', wtId: me, conversationID, exceptSession: session })
  return outcome(await conversations.getConversation(ctx.db, me, conversationID), fx)
}

/** Hides a conversation (and, with clearHistory, its history so far); the user's other devices drop it. */
export async function hideConversation(ctx: Ctx, me: string, session: string, conversationID: string, clearHistory: boolean): Promise<Outcome<null>> {
  if (!(await conversations.deleteConversation(ctx.db, me, conversationID, clearHistory))) throw notFound('会话不存在')
  return outcome(null, record(newEffects(), { kind: 'userFrame', wtId: me, frame: { type: 'convDeleted', conversationID }, exceptSession: session }))
}

/** Read or unread members of a group message with receipts, paged by a cursor. */
export async function readMembers(ctx: Ctx, me: string, b: { conversationID: string; sequence: number; filter: 0 | 1; cursor: string; count: number }) {
  const ref = parseConversationId(me, b.conversationID)
  if (!ref || ref.type !== ConvType.Group) throw notFound('群会话不存在')
  await windowOf(ctx, me, b.conversationID)
  return conversations.readMembers(ctx.db, ref.groupId, ref.channelId, b.sequence, b.filter, b.cursor, b.count)
}

/** Marks read up to a sequence: the user's devices get the conversation, a C2C peer the new read point. */
export async function markRead(ctx: Ctx, me: string, conversationID: string, sequence: number): Promise<Outcome<void>> {
  const ref = parseConversationId(me, conversationID)
  const seq = ref && (await conversations.markRead(ctx.db, me, conversationID, sequence))
  if (!ref || seq === null) throw badRequest('conversationID: 会话不存在')
  const fx = record(newEffects(), { kind: 'conversation', wtId: me, conversationID })
  if (ref.type === ConvType.C2C) record(fx, { kind: 'userFrame', wtId: ref.peer, frame: { type: 'read', conversationID: c2cIdFor(me), reader: me, sequence: seq } })
  return outcome(undefined, fx)
}

/** Group read receipts: each sender of a message that newly counted gets its new counts. */
export async function recordReceipts(ctx: Ctx, me: string, conversationID: string, sequences: number[]): Promise<Outcome<void>> {
  const ref = parseConversationId(me, conversationID)
  const state = ref && (await conversations.conversationState(ctx.db, me, conversationID))
  if (!ref || !state || ref.type !== ConvType.Group) throw badRequest('conversationID: 群会话不存在')
  const fx = newEffects()
  for (const { seq, sender } of await conversations.recordReceipts(ctx.db, me, ref.channelId, sequences)) {
    const row = await messageAt(ctx.db, ref.channelId, seq)
    if (!row) continue
    const m = toMessage(row, sender)
    record(fx, { kind: 'userFrame', wtId: sender, frame: { type: 'receipt', conversationID, sequence: seq, ...m.readReceiptInfo } })
  }
  return outcome(undefined, fx)
}
