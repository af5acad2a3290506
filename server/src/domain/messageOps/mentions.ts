import { ConvType, type OutgoingMessage } from '../../../../types/chat.js'
import { AT_ALL_TAG, MessageOpsText, type ChatFeatures } from '../../../../types/messageOps.js'
import { parseConversationId } from '../conversationIds.js'
import { SendFailure } from '../messages.js'

/** Group kinds whose member lists are too large or too fluid to mention from. */
const NO_MENTION_TYPES = new Set(['AVChatRoom', 'Community'])

/** What the mention rules read of the group: its kind and the sender's identity (null when not a member). */
export interface MentionRuleRow {
  group_type: string
  identity: number | null
}

/** The first mention rules: mentions are switched on, and exist in groups only. Answers the group. */
export function mentionGroupOf(features: ChatFeatures, me: string, msg: OutgoingMessage): string {
  if (!features.inputMention) throw new SendFailure(403, MessageOpsText.FeatureOff)
  const ref = parseConversationId(me, msg.conversationID)
  if (!ref || ref.type !== ConvType.Group) throw new SendFailure(400, '单聊消息不能@成员')
  return ref.groupId
}

/** The group's mention rules: not in chatrooms and communities, and 'at all' is for the owner and admins. */
export function checkMentions(g: MentionRuleRow | null, msg: OutgoingMessage): void {
  // Non-members get the ordinary send refusal from the send path.
  if (!g || g.identity === null) return
  if (NO_MENTION_TYPES.has(g.group_type)) throw new SendFailure(403, MessageOpsText.MentionDisabled)
  if (msg.atUserList.includes(AT_ALL_TAG) && g.identity === 1) throw new SendFailure(403, MessageOpsText.AtAllForbidden)
}
