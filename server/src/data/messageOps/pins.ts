import type { Queryable } from '../../db/Db.js'
import type { PinRow } from '../../domain/messageOps/pins.js'
import { IN_WINDOW, windowParams, type Window } from './window.js'

/** The pins of a C2C channel, newest first. */
export async function pinsOf(q: Queryable, channelId: string): Promise<PinRow[]> {
  const { rows } = await q.query<PinRow>(
    `SELECT p.id::text AS id, p.msg_id, p.msg_content, p.sender_wt_id, p.seq::int AS seq, u.nick_name
     FROM c2c_pins p LEFT JOIN users u ON u.wt_id = p.sender_wt_id
     WHERE p.channel_id = $1 ORDER BY p.created_at DESC, p.id DESC`,
    [channelId],
  )
  return rows
}

/** A message in the user's window, by its sender and client message ID. */
export async function windowMessageById(q: Queryable, me: string, window: Window, sender: string, clientMsgId: string) {
  const { rows } = await q.query<{ seq: number; type: string; payload: Record<string, unknown>; is_revoked: boolean }>(
    `SELECT m.seq::int AS seq, m.type, m.payload, m.is_revoked FROM messages m
     WHERE ${IN_WINDOW} AND m.sender = $6 AND m.client_msg_id = $7`,
    [...windowParams(window, me), sender, clientMsgId],
  )
  return rows[0] ?? null
}

export async function insertPin(q: Queryable, p: { channelId: string; seq: number; msgId: string; sender: string; content: string; by: string }): Promise<void> {
  await q.query(
    `INSERT INTO c2c_pins (channel_id, seq, msg_id, sender_wt_id, msg_content, pinned_by) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (channel_id, msg_id) DO NOTHING`,
    [p.channelId, p.seq, p.msgId, p.sender, p.content, p.by],
  )
}

export async function pinChannel(q: Queryable, id: number): Promise<string | null> {
  const { rows } = await q.query<{ channel_id: string }>('SELECT channel_id FROM c2c_pins WHERE id = $1', [id])
  return rows[0]?.channel_id ?? null
}

export async function deletePinRow(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM c2c_pins WHERE id = $1', [id])
}
