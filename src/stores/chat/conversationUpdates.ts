import { countsAsUnread } from '@shared/callSteps'
import { MsgType, type Conversation, type LastMessage, type Message } from '@shared/chat'
import { AT_ALL_TAG } from '@shared/messageOps'

/** The @ type of a mention of this user in groupAtInfoList (the chat SDK's AT_ME). */
export const AT_ME = 1
/** The @ type of a mention of everyone (AT_ALL). */
export const AT_ALL = 2

export function toLastMessage(m: Message): LastMessage {
  return { type: m.type, payload: m.payload, from: m.from, nick: m.nick, time: m.time, sequence: m.sequence, isRevoked: m.isRevoked }
}

/**
 * A report of a conversation from the server (list, conv frame, answer to pin/mute…) meeting
 * what is held. The server's view wins, except that a newer message that arrived live while the
 * report was on its way is not taken back.
 */
export function mergeConversation(held: Conversation | undefined, incoming: Conversation): Conversation {
  if (!held) return incoming
  const merged: Conversation = {
    ...incoming,
    readSequence: Math.max(held.readSequence, incoming.readSequence),
    peerReadSequence: Math.max(held.peerReadSequence, incoming.peerReadSequence),
  }
  if (held.lastSequence > incoming.lastSequence) {
    merged.lastSequence = held.lastSequence
    merged.lastMessage = held.lastMessage
    merged.unreadCount = held.unreadCount
    merged.groupAtInfoList = held.groupAtInfoList
  }
  if (merged.readSequence > incoming.readSequence) {
    merged.groupAtInfoList = merged.groupAtInfoList.filter((a) => a.messageSequence > merged.readSequence)
    merged.unreadCount = Math.min(merged.unreadCount, Math.max(0, merged.lastSequence - merged.readSequence))
  }
  return merged
}

/**
 * A new message in a known conversation: it becomes the last message, and counts as unread
 * unless it is this user's own (sending marks everything before it read, as on the server).
 * Returns the conversation unchanged for a message already counted.
 */
export function applyMessage(c: Conversation, m: Message, me: string): Conversation {
  const isNew = m.sequence > c.lastSequence
  if (m.from === me) {
    if (!isNew && m.sequence <= c.readSequence) return c
    const next = applyRead(c, m.sequence)
    return isNew ? { ...next, lastSequence: m.sequence, lastMessage: toLastMessage(m), updatedAt: Math.max(c.updatedAt, m.time), unreadCount: 0 } : next
  }
  if (!isNew) return c
  const next: Conversation = { ...c, lastSequence: m.sequence, lastMessage: toLastMessage(m), updatedAt: Math.max(c.updatedAt, m.time) }
  // Group tips (created, joined, left) are news about the group, not messages to answer; nor is
  // a call step without a card (an invite, a one-to-one accept).
  if (m.sequence > c.readSequence && m.type !== MsgType.GroupTip && countsAsUnread(m.type, m.payload)) {
    next.unreadCount = c.unreadCount + 1
    const atTypes = mentionTypes(m, me)
    if (atTypes.length) next.groupAtInfoList = [...c.groupAtInfoList, { messageSequence: m.sequence, atTypeArray: atTypes }]
  }
  return next
}

function mentionTypes(m: Message, me: string): number[] {
  if (m.conversationType !== 'GROUP') return []
  const types: number[] = []
  if (m.atUserList.includes(me)) types.push(AT_ME)
  if (m.atUserList.includes(AT_ALL_TAG)) types.push(AT_ALL)
  return types
}

/** Read up to `sequence`: unread and mentions up to it go. */
export function applyRead(c: Conversation, sequence: number): Conversation {
  const readSequence = Math.min(Math.max(c.readSequence, sequence), Math.max(c.lastSequence, sequence))
  if (readSequence === c.readSequence && c.unreadCount === 0) return c
  const unreadCount = readSequence >= c.lastSequence ? 0 : Math.min(c.unreadCount, c.lastSequence - readSequence)
  return {
    ...c,
    readSequence,
    unreadCount,
    groupAtInfoList: c.groupAtInfoList.filter((a) => a.messageSequence > readSequence),
  }
}
