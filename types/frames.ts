import { z } from 'zod'
import { CallSignal, RtcPayload, SfuEvent, SfuRequest } from './call'
import { Conversation, ConversationID, Message, OutgoingMessage, Reaction } from './chat'
import { FriendApplication, FriendChangeKind } from './friends'
import { ConversationGroup } from './conversationGroup'
import { refuseControlChars } from './text'
import { NoticeType } from './ws'

/**
 * The frames of /ws/{token}, both directions, as discriminated unions on `type`. The server's
 * bus and gateway accept only `ServerFrame`s and validate arriving `ClientFrame`s; the client
 * checks every arriving frame against the same schemas. docs/protocol.md says when each is sent.
 */

const count = z.number().int().nonnegative()

// ---- Server to client ----

export const HelloFrame = z.object({ type: z.literal('hello'), protocolVersion: z.number().int(), wtId: z.string() })
export const PongFrame = z.object({ type: z.literal('pong'), ts: z.number() })
/** A refused client frame (`msg` starts with the field name) or a failure while handling it. */
export const ErrorFrame = z.object({ type: z.literal('error'), code: z.number().int(), msg: z.string() })

/** Sent just before the server closes the session's sockets with 4000. */
export const SessionEndFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal(NoticeType.ForcedLogout), msg: z.string() }),
  z.object({ type: z.literal(NoticeType.FatalError), msg: z.string() }),
])
export type SessionEndFrame = z.infer<typeof SessionEndFrame>

/** The numeric notices of the spec's socket (section 7 "Socket"). */
export const NoticeFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal(NoticeType.MomentsCount), count }),
  z.object({ type: z.literal(NoticeType.TopMessageChanged) }),
  z.object({ type: z.literal(NoticeType.FriendMoment), wtId: z.string() }),
  z.object({ type: z.literal(NoticeType.GroupUnread), joinApplyUnRead: count, otherUnRead: count, selfApplyUnRead: count }),
  z.object({
    type: z.literal(NoticeType.GroupChange),
    count: z.number().int(),
    groupNumber: z.string(),
    /** Groups without an uploaded avatar: the mosaic's members as they now stand (up to 9, owner and admins first). */
    memberAvatars: z.array(z.string()).max(9).optional(),
  }),
  z.object({
    type: z.literal(NoticeType.Withdraw),
    groupNumber: z.string(),
    withdrawUserWtId: z.string(),
    lastMessageSequence: z.number().int(),
    /** Present for a single revoke (admin/withdrawMsg): exactly these; absent: every message of the user up to lastMessageSequence. */
    sequences: z.array(z.number().int()).optional(),
  }),
])
export type NoticeFrame = z.infer<typeof NoticeFrame>

/**
 * Chat: the reactions of one message changed. `reacted` in the list is false for everyone but
 * `operator`, who learns their own state from `added`.
 */
export const ReactionFrame = z.object({
  type: z.literal('reaction'),
  conversationID: z.string(),
  sequence: z.number().int(),
  operator: z.string(),
  reactionID: z.string(),
  added: z.boolean(),
  reactionList: z.array(Reaction),
})
export type ReactionFrame = z.infer<typeof ReactionFrame>

/** Chat: pushed to everyone in the conversation when a message is revoked (conversationID as each reader sees it). */
export const RevokedFrame = z.object({
  type: z.literal('revoked'),
  conversationID: z.string().min(1),
  sequence: z.number().int().min(0),
  /** The sender of the revoked message. */
  from: z.string(),
  /** The sender itself, or 'administrator' when a group owner or admin revoked someone else's. */
  revoker: z.string(),
})
export type RevokedFrame = z.infer<typeof RevokedFrame>

const sequence = z.number().int().min(0)

export const ChatServerFrame = z.discriminatedUnion('type', [
  /** The message is committed; `message` is the stored copy. */
  z.object({ type: z.literal('ack'), clientMsgId: z.string(), message: Message }),
  /** The send was refused with a spec section 8 code; `hasRiskContent` marks a sensitive text. */
  z.object({ type: z.literal('nack'), clientMsgId: z.string(), code: z.number().int(), msg: z.string(), hasRiskContent: z.boolean().optional(), message: Message.nullable() }),
  z.object({ type: z.literal('msg'), message: Message }),
  z.object({ type: z.literal('typing'), conversationID: z.string(), from: z.string(), typing: z.boolean() }),
  /** The C2C peer has read up to `sequence`. */
  z.object({ type: z.literal('read'), conversationID: z.string(), reader: z.string(), sequence }),
  /** Group read receipts of one of the receiver's messages. */
  z.object({ type: z.literal('receipt'), conversationID: z.string(), sequence, readCount: z.number().int(), unreadCount: z.number().int() }),
  /** This user's view of a conversation changed. */
  z.object({ type: z.literal('conv'), conversation: Conversation }),
  /** Deleted on another device. */
  z.object({ type: z.literal('convDeleted'), conversationID: z.string() }),
  ReactionFrame,
  RevokedFrame,
])
export type ChatServerFrame = z.infer<typeof ChatServerFrame>

/** WebRTC negotiation relayed from `from`, a participant of the same live call. */
export const RtcServerFrame = z.object({ type: z.literal('rtc'), inviteID: z.string(), from: z.string(), payload: RtcPayload })
export type RtcServerFrame = z.infer<typeof RtcServerFrame>

/** The SFU's side of a group call, for the participant (see SfuEvent). */
export const SfuServerFrame = z.object({ type: z.literal('sfu'), inviteID: z.string(), payload: SfuEvent })
export type SfuServerFrame = z.infer<typeof SfuServerFrame>

/**
 * Contacts: a new application for me (application set), or only my unread count changed
 * (application null: read or handled on another device). unreadCount is the friend-application
 * part of the contacts badge.
 */
export const FriendApplyFrame = z.object({ type: z.literal('friendApply'), application: FriendApplication.nullable(), unreadCount: count })
export type FriendApplyFrame = z.infer<typeof FriendApplyFrame>

/** Contacts: my friend list, remarks, tags or blacklist changed with respect to `wtId`: refetch. */
export const FriendChangeFrame = z.object({
  type: z.literal('friendChange'),
  change: z.enum([FriendChangeKind.Added, FriendChangeKind.Deleted, FriendChangeKind.Updated]),
  wtId: z.string(),
})
export type FriendChangeFrame = z.infer<typeof FriendChangeFrame>

/** Conversation groups: my groups changed on another device (or a conversation left them); the new list, 'all' first. Its wire type stays 'sessionGroups', as clients know it. */
export const ConversationGroupsFrame = z.object({ type: z.literal('sessionGroups'), groups: z.array(ConversationGroup) })
export type ConversationGroupsFrame = z.infer<typeof ConversationGroupsFrame>

/** Every server frame but `batch`: what the bus carries and what one socket write may hold. */
export const SingleServerFrame = z.discriminatedUnion('type', [
  HelloFrame,
  PongFrame,
  ErrorFrame,
  ...SessionEndFrame.options,
  ...NoticeFrame.options,
  ...ChatServerFrame.options,
  RtcServerFrame,
  SfuServerFrame,
  FriendApplyFrame,
  FriendChangeFrame,
  ConversationGroupsFrame,
])
export type SingleServerFrame = z.infer<typeof SingleServerFrame>

/** Several frames due to one socket in the same tick, in order (the gateway batches chat frames). */
export const BatchFrame = z.object({ type: z.literal('batch'), frames: z.array(SingleServerFrame) })
export type BatchFrame = z.infer<typeof BatchFrame>

/** Every frame the server sends. */
export const ServerFrame = z.discriminatedUnion('type', [...SingleServerFrame.options, BatchFrame])
export type ServerFrame = z.infer<typeof ServerFrame>

// ---- Client to server ----

export const PingFrame = z.object({ type: z.literal('ping'), ts: z.number() })

export const ChatClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('send'), message: OutgoingMessage }),
  z.object({ type: z.literal('typing'), conversationID: ConversationID, typing: z.boolean() }),
  z.object({ type: z.literal('read'), conversationID: ConversationID, sequence: z.number().int().min(0) }),
  z.object({ type: z.literal('receipt'), conversationID: ConversationID, sequences: z.array(z.number().int().min(1)).min(1).max(100) }),
])
export type ChatClientFrame = z.infer<typeof ChatClientFrame>

/** WebRTC negotiation for `to`; the server relays it only between participants of a live call. */
export const RtcClientFrame = z.object({
  type: z.literal('rtc'),
  inviteID: CallSignal.shape.inviteID,
  to: z.string().min(1).max(64),
  payload: RtcPayload,
})
export type RtcClientFrame = z.infer<typeof RtcClientFrame>

/** A participant's request to the SFU of a group call (only with JANUS_URL; see SfuRequest). */
export const SfuClientFrame = z.object({ type: z.literal('sfu'), inviteID: CallSignal.shape.inviteID, payload: SfuRequest })
export type SfuClientFrame = z.infer<typeof SfuClientFrame>

/** Every frame a client may send; no string in it may hold a control character (types/text.ts). */
export const ClientFrame = refuseControlChars(z.discriminatedUnion('type', [PingFrame, ...ChatClientFrame.options, RtcClientFrame, SfuClientFrame]))
export type ClientFrame = z.infer<typeof ClientFrame>
