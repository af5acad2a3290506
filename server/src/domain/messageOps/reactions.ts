import { ConvType, MsgType, type Message, type Reaction } from '../../../../types/chat.js'
import { ReactionFrame } from '../../../../types/frames.js'
import { MessageOpsCode, REACTION_KINDS_MAX, REACTION_LIMIT_TEXT, REACTION_USERS_LISTED, type ReactionBody } from '../../../../types/messageOps.js'
import { FANOUT_TOPIC, userTopic } from '../../bus/Bus.js'
import type { AppContext } from '../../context.js'
import type { Queryable } from '../../db/Db.js'
import { badRequest, Refusal } from '../refusal.js'
import { c2cIdFor } from '../conversationIds.js'
import { memberIds } from '../groups/currentMembers.js'
import { openWindow, visibleMessage } from './access.js'

interface ReactionRow {
  seq: number
  reaction_id: string
  total: number
  reacted: boolean
  users: string[]
  nicks: string[]
}

/** The reactionList of each given message as `viewer` sees it, oldest reaction first. */
export async function reactionLists(q: Queryable, channelId: string, seqs: number[], viewer: string): Promise<Map<number, Reaction[]>> {
  const out = new Map<number, Reaction[]>()
  if (seqs.length === 0) return out
  const { rows } = await q.query<ReactionRow>(
    `SELECT r.seq::int AS seq, r.reaction_id, count(*)::int AS total, bool_or(r.wt_id = $3) AS reacted,
            (array_agg(r.wt_id ORDER BY r.created_at, r.wt_id))[1:${REACTION_USERS_LISTED}] AS users,
            (array_agg(COALESCE(u.nick_name, '') ORDER BY r.created_at, r.wt_id))[1:${REACTION_USERS_LISTED}] AS nicks
     FROM message_reactions r LEFT JOIN users u ON u.wt_id = r.wt_id
     WHERE r.channel_id = $1 AND r.seq = ANY($2::bigint[])
     GROUP BY r.seq, r.reaction_id
     ORDER BY min(r.created_at), r.reaction_id`,
    [channelId, seqs, viewer],
  )
  for (const r of rows) {
    const list = out.get(r.seq) ?? []
    list.push({
      reactionID: r.reaction_id,
      totalUserCount: r.total,
      partialUserList: r.users.map((userID, i) => ({ userID, nick: r.nicks[i] ?? '' })),
      reacted: r.reacted,
    })
    out.set(r.seq, list)
  }
  return out
}

/** Fills reactionList on a page of messages of one channel (one query for the page). */
export async function withReactions<P extends { messages: Message[] }>(q: Queryable, channelId: string, me: string, page: P): Promise<P> {
  const lists = await reactionLists(q, channelId, page.messages.map((m) => m.sequence), me)
  for (const m of page.messages) m.reactionList = lists.get(m.sequence) ?? []
  return page
}

/** Adds or removes this user's reaction, within the per-message limit, and tells everyone in the conversation. */
export async function toggleReaction(ctx: AppContext, me: string, body: ReactionBody): Promise<Reaction[]> {
  const { ref, window } = await openWindow(ctx.db, me, body.conversationID)
  const channelId = window.channel_id
  await ctx.db.tx(async (q) => {
    const row = await visibleMessage(q, me, window, body.sequence)
    if (row.is_revoked || row.type === MsgType.GroupTip) throw badRequest('该消息不能回应')
    // The message row is the lock that keeps two concurrent reactions from passing the limit together.
    await q.query('SELECT 1 FROM messages WHERE channel_id = $1 AND seq = $2 FOR UPDATE', [channelId, body.sequence])
    if (!body.add) {
      await q.query('DELETE FROM message_reactions WHERE channel_id = $1 AND seq = $2 AND reaction_id = $3 AND wt_id = $4', [
        channelId,
        body.sequence,
        body.reactionID,
        me,
      ])
      return
    }
    const { rows } = await q.query<{ kinds: number; present: boolean }>(
      `SELECT count(DISTINCT reaction_id)::int AS kinds, bool_or(reaction_id = $3) AS present
       FROM message_reactions WHERE channel_id = $1 AND seq = $2`,
      [channelId, body.sequence, body.reactionID],
    )
    const { kinds, present } = rows[0] ?? { kinds: 0, present: false }
    if (!present && kinds >= REACTION_KINDS_MAX) throw new Refusal(MessageOpsCode.ReactionLimit, REACTION_LIMIT_TEXT)
    await q.query(
      'INSERT INTO message_reactions (channel_id, seq, reaction_id, wt_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [channelId, body.sequence, body.reactionID, me],
    )
  })
  const mine = (await reactionLists(ctx.db, channelId, [body.sequence], me)).get(body.sequence) ?? []
  const base = { type: 'reaction' as const, sequence: body.sequence, operator: me, reactionID: body.reactionID, added: body.add }
  if (ref.type === ConvType.C2C) {
    const theirs = (await reactionLists(ctx.db, channelId, [body.sequence], ref.peer)).get(body.sequence) ?? []
    await publish(ctx, userTopic(ref.peer), { ...base, conversationID: c2cIdFor(me), reactionList: theirs })
    await publish(ctx, userTopic(me), { ...base, conversationID: body.conversationID, reactionList: mine })
  } else {
    // One frame for the whole group: `reacted` is per viewer, so the fan-out copy leaves it to each client.
    const shared = mine.map((r) => ({ ...r, reacted: false }))
    await publish(ctx, FANOUT_TOPIC, { ...base, conversationID: body.conversationID, reactionList: shared }, await memberIds(ctx.db, ref.groupId))
  }
  return mine
}

async function publish(ctx: AppContext, topic: string, frame: ReactionFrame, recipients?: string[]) {
  ReactionFrame.parse(frame)
  await ctx.bus.publish(topic, recipients ? { frame, recipients } : { frame })
}
