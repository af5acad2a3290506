import { ConvType, type OutgoingMessage } from '../../../../types/chat.js'
import { AT_ALL_TAG, MessageOpsText, type ChatFeatures } from '../../../../types/messageOps.js'
import type { Queryable } from '../../db/Db.js'
import { parseConversationId } from '../conversationIds.js'
import { SendFailure } from '../messages.js'

/** Group kinds whose member lists are too large or too fluid to mention from. */
const NO_MENTION_TYPES = new Set(['AVChatRoom', 'Community'])

/**
 * The mention rules of a send, checked only when the message mentions someone so a plain
 * send costs nothing: mentions exist in groups only, not in chatrooms and communities, and
 * 'at all' is for the owner and admins.
 */
export async function checkMentions(q: Queryable, features: ChatFeatures, me: string, msg: OutgoingMessage): Promise<void> {
  if (msg.atUserList.length === 0) return
  if (!features.inputMention) throw new SendFailure(403, MessageOpsText.FeatureOff)
  const ref = parseConversationId(me, msg.conversationID)
  if (!ref || ref.type !== ConvType.Group) throw new SendFailure(400, '单聊消息不能@成员')
  const { rows } = await q.query<{ group_type: string; identity: number | null }>(
    `SELECT g.group_type, gm.identity FROM groups g
     LEFT JOIN group_members gm ON gm.group_id = g.group_id AND gm.wt_id = $2 AND gm.left_at IS NULL
     WHERE g.group_id = $1`,
    [ref.groupId, me],
  )
  const g = rows[0]
  // Non-members get the ordinary send refusal from the send path.
  if (!g || g.identity === null) return
  if (NO_MENTION_TYPES.has(g.group_type)) throw new SendFailure(403, MessageOpsText.MentionDisabled)
  if (msg.atUserList.includes(AT_ALL_TAG) && g.identity === 1) throw new SendFailure(403, MessageOpsText.AtAllForbidden)
}
