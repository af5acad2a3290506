import { ConvType, MsgType, type Conversation, type LastMessage, type Message } from '@shared/chat'

/** A conversation as the server lists it, with test overrides. */
export function conversation(conversationID: string, over: Partial<Conversation> = {}): Conversation {
  const isGroup = conversationID.startsWith('GROUP')
  const peer = conversationID.replace(/^(C2C|GROUP)/, '')
  return {
    conversationID,
    type: isGroup ? ConvType.Group : ConvType.C2C,
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
    userProfile: isGroup ? null : { userID: peer, nick: `用户${peer}`, avatar: '' },
    groupProfile: isGroup ? { groupID: peer, groupNumber: '100000', name: '群聊', avatar: '', memberCount: 3, isMember: true } : null,
    updatedAt: 0,
    ...over,
  }
}

/** A one-to-one conversation with a named peer, updated at a fixed time. */
export function c2c(userID: string, nick: string, patch: Partial<Conversation> = {}): Conversation {
  return conversation(`C2C${userID}`, { userProfile: { userID, nick, avatar: '' }, updatedAt: 1_700_000_000, ...patch })
}

/** A group conversation of three members, updated at a fixed time. */
export function group(groupID: string, name: string, groupNumber: string, patch: Partial<Conversation> = {}): Conversation {
  return conversation(`GROUP${groupID}`, {
    groupProfile: { groupID, groupNumber, name, avatar: '', memberCount: 3, isMember: true },
    updatedAt: 1_700_000_000,
    ...patch,
  })
}

/** The last-message summary of a text. */
export function text(body: string, from: string, time: number, sequence = 1): LastMessage {
  return { type: MsgType.Text, payload: { text: body }, from, nick: from, time, sequence, isRevoked: false }
}

let nextId = 1

/** A stored message with test overrides; IDs and clientMsgIds are unique per call. */
export function message(over: Partial<Message> & Pick<Message, 'conversationID' | 'sequence'>): Message {
  const id = nextId++
  return {
    ID: `m${id}`,
    clientMsgId: `client-${id}-xxxxxx`,
    type: MsgType.Text,
    payload: { text: `消息${over.sequence}` },
    conversationType: over.conversationID.startsWith('GROUP') ? ConvType.Group : ConvType.C2C,
    from: '10000002',
    nick: '李四',
    nameCard: '',
    avatar: '',
    time: 1_700_000_000 + over.sequence,
    cloudCustomData: '',
    atUserList: [],
    needReadReceipt: false,
    isRevoked: false,
    revoker: '',
    hasRiskContent: false,
    readReceiptInfo: { readCount: 0, unreadCount: 0 },
    ...over,
  }
}
