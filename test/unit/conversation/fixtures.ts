import { ConvType, MsgType, type Conversation, type LastMessage } from '@shared/chat'

/** A conversation as the server reports it, with the fields a test cares about overridden. */
export function c2c(userID: string, nick: string, patch: Partial<Conversation> = {}): Conversation {
  return {
    conversationID: `C2C${userID}`,
    type: ConvType.C2C,
    lastSequence: 0,
    readSequence: 0,
    peerReadSequence: 0,
    unreadCount: 0,
    isPinned: false,
    isMuted: false,
    markList: [],
    draftText: '',
    customData: '',
    groupAtInfoList: [],
    lastMessage: null,
    userProfile: { userID, nick, avatar: '' },
    groupProfile: null,
    updatedAt: 1_700_000_000,
    ...patch,
  }
}

export function group(groupID: string, name: string, groupNumber: string, patch: Partial<Conversation> = {}): Conversation {
  return {
    ...c2c('0', ''),
    conversationID: `GROUP${groupID}`,
    type: ConvType.Group,
    userProfile: null,
    groupProfile: { groupID, groupNumber, name, avatar: '', memberCount: 3, isMember: true },
    ...patch,
  }
}

export function text(body: string, from: string, time: number, sequence = 1): LastMessage {
  return { type: MsgType.Text, payload: { text: body }, from, nick: from, time, sequence, isRevoked: false }
}

/**
 * Under jsdom the Taro Input/Textarea elements never render their inner native field, so their
 * value watcher logs a TypeError each time a controlled value changes. That noise says nothing
 * about the code under test; every other console.error still goes through.
 */
export function ignoreTaroFieldWatchErrors(): void {
  const original = console.error
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const first = args[0]
    if (first instanceof TypeError && first.stack?.includes('watchValue')) return
    original(...args)
  })
}
