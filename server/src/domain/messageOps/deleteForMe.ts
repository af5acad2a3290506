import { REVOKE_WINDOW_S } from '../../../../types/messageOps.js'
import type { MessageRow } from '../messages.js'
import { forbidden, notFound } from '../refusal.js'
import { ageSeconds } from './revoke.js'

/**
 * What a user may delete for themselves (spec 4): successful messages older than 5 minutes, or
 * incoming ones; a newer own message is revoked instead. All or nothing: `rows` must be every
 * message of `wanted`.
 */
export function checkDeletable(me: string, wanted: number[], rows: MessageRow[], now = Date.now()): void {
  if (rows.length !== wanted.length) throw notFound('消息不存在')
  if (rows.some((r) => r.sender === me && ageSeconds(r, now) < REVOKE_WINDOW_S)) throw forbidden('发送不足5分钟的消息不能删除，请使用撤回')
}
