import type { Conversation } from '@shared/chat'

/** The remark a user gave the conversation, kept in its customData JSON (spec 3 "Conversation"). */
export function remarkOf(conversation: Pick<Conversation, 'customData'> | undefined): string {
  if (!conversation?.customData) return ''
  try {
    const data: unknown = JSON.parse(conversation.customData)
    const remark = data && typeof data === 'object' ? (data as Record<string, unknown>).remark : undefined
    return typeof remark === 'string' ? remark.trim() : ''
  } catch {
    return ''
  }
}

/** Header name: remark, else nickname (C2C) or group name, else the ID without its prefix. */
export function conversationTitle(conversationID: string, conversation: Conversation | undefined): string {
  const remark = remarkOf(conversation)
  if (remark) return remark
  if (conversation?.groupProfile?.name) return conversation.groupProfile.name
  if (conversation?.userProfile?.nick) return conversation.userProfile.nick
  return conversationID.replace(/^(C2C|GROUP)/, '')
}
