import { REVOKE_WINDOW_S } from '../../../../types/messageOps.js'
import type { Queryable } from '../../db/Db.js'
import { forbidden, notFound } from '../refusal.js'
import { conversationState, messagesAt } from '../conversations.js'
import { ageSeconds } from './revoke.js'

/**
 * Deletes messages for this user only (spec 4: successful messages older than 5 minutes, or
 * incoming ones; a newer own message is revoked instead). All or nothing.
 */
export async function deleteForMe(q: Queryable, me: string, conversationID: string, sequences: number[]): Promise<number[]> {
  const state = await conversationState(q, me, conversationID)
  if (!state) throw notFound('会话不存在')
  const wanted = [...new Set(sequences)]
  const rows = await messagesAt(q, me, state, wanted)
  if (rows.length !== wanted.length) throw notFound('消息不存在')
  const now = Date.now()
  if (rows.some((r) => r.sender === me && ageSeconds(r, now) < REVOKE_WINDOW_S)) throw forbidden('发送不足5分钟的消息不能删除，请使用撤回')
  for (const seq of wanted) {
    await q.query('INSERT INTO message_deletions (wt_id, channel_id, seq) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [me, state.channel_id, seq])
  }
  return wanted.sort((a, b) => a - b)
}
