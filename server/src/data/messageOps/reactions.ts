import type { Message, Reaction } from '../../../../types/chat.js'
import { REACTION_USERS_LISTED } from '../../../../types/messageOps.js'
import type { Queryable } from '../../db/Db.js'

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

/** Locks the message row: two concurrent reactions cannot pass the limit together. */
export async function lockMessage(q: Queryable, channelId: string, seq: number): Promise<void> {
  await q.query('SELECT 1 FROM messages WHERE channel_id = $1 AND seq = $2 FOR UPDATE', [channelId, seq])
}

export async function removeReaction(q: Queryable, channelId: string, seq: number, reactionId: string, me: string): Promise<void> {
  await q.query('DELETE FROM message_reactions WHERE channel_id = $1 AND seq = $2 AND reaction_id = $3 AND wt_id = $4', [channelId, seq, reactionId, me])
}

/** How many kinds of reaction the message has, and whether `reactionId` is one of them. */
export async function reactionKinds(q: Queryable, channelId: string, seq: number, reactionId: string): Promise<{ kinds: number; present: boolean }> {
  const { rows } = await q.query<{ kinds: number; present: boolean }>(
    `SELECT count(DISTINCT reaction_id)::int AS kinds, bool_or(reaction_id = $3) AS present
     FROM message_reactions WHERE channel_id = $1 AND seq = $2`,
    [channelId, seq, reactionId],
  )
  return rows[0] ?? { kinds: 0, present: false }
}

export async function addReaction(q: Queryable, channelId: string, seq: number, reactionId: string, me: string): Promise<void> {
  await q.query('INSERT INTO message_reactions (channel_id, seq, reaction_id, wt_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [channelId, seq, reactionId, me])
}
