import { z } from 'zod'
import { UploadUrl } from './upload'
import { MESSAGE_MAX_CHARS, MsgType, ConvType, HISTORY_PAGE_SIZE, READ_MEMBER_PAGE_SIZE } from './plain/chat'

/**
 * The chat protocol of the self-hosted engine: messages, conversations and the chat frames
 * of /ws/{token}. Message kinds use the element names of the spec's chat SDK, so a second
 * engine can map them one to one.
 */

export * from './plain/chat'

const url = UploadUrl

// The 12K limit is checked by the engine so an over-long text gets the spec's 8001 answer, not a frame error.
export const TextPayload = z.object({ text: z.string().min(1).max(MESSAGE_MAX_CHARS * 2) })
export const FacePayload = z.object({ index: z.number().int().min(0).max(3), data: z.string().min(1).max(64) })
export const ImagePayload = z.object({ url, width: z.number().int().min(0), height: z.number().int().min(0), size: z.number().int().min(0), format: z.string().max(8) })
export const VideoPayload = z.object({
  videoUrl: url,
  snapshotUrl: url.or(z.literal('')).default(''),
  videoSecond: z.number().min(0),
  videoSize: z.number().int().min(0),
  snapshotWidth: z.number().int().min(0).default(0),
  snapshotHeight: z.number().int().min(0).default(0),
})
export const AudioPayload = z.object({ url, second: z.number().min(0).max(600), size: z.number().int().min(0) })
export const FilePayload = z.object({ fileUrl: url, fileName: z.string().min(1).max(255), fileSize: z.number().int().min(0) })
export const LocationPayload = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** JSON text: {title, detail} (spec section 3 "Location"). */
  description: z.string().max(1024),
})
export const MergerPayload = z.object({
  title: z.string().max(128),
  abstractList: z.array(z.string().max(256)).max(50),
  messageList: z.array(z.record(z.string(), z.unknown())).max(100),
  downloadKey: z.string().max(128).default(''),
})
export const CustomPayload = z.object({ data: z.string().max(MESSAGE_MAX_CHARS), description: z.string().max(512).default(''), extension: z.string().max(512).default('') })
export const GroupTipPayload = z.object({
  /** 1 join, 2 quit, 3 kicked, 4 set admin, 5 remove admin, 6 profile change, 7 mute/unmute. */
  operationType: z.number().int(),
  operatorID: z.string(),
  userIDList: z.array(z.string()),
  nickList: z.array(z.string()).default([]),
  newGroupProfile: z.record(z.string(), z.unknown()).nullable().default(null),
  /** Operation 7: seconds of the mute, 0 when it is lifted. */
  muteTime: z.number().int().min(0).optional(),
})

const TextBody = z.object({ type: z.literal(MsgType.Text), payload: TextPayload })
const FaceBody = z.object({ type: z.literal(MsgType.Face), payload: FacePayload })
const ImageBody = z.object({ type: z.literal(MsgType.Image), payload: ImagePayload })
const VideoBody = z.object({ type: z.literal(MsgType.Video), payload: VideoPayload })
const AudioBody = z.object({ type: z.literal(MsgType.Audio), payload: AudioPayload })
const FileBody = z.object({ type: z.literal(MsgType.File), payload: FilePayload })
const LocationBody = z.object({ type: z.literal(MsgType.Location), payload: LocationPayload })
const MergerBody = z.object({ type: z.literal(MsgType.Merger), payload: MergerPayload })
const CustomBody = z.object({ type: z.literal(MsgType.Custom), payload: CustomPayload })

/** What a client may send: every kind but group tips, which only the server writes. */
export const OutgoingBody = z.discriminatedUnion('type', [TextBody, FaceBody, ImageBody, VideoBody, AudioBody, FileBody, LocationBody, MergerBody, CustomBody])
export type OutgoingBody = z.infer<typeof OutgoingBody>

export const ConversationID = z.string().regex(/^(C2C|GROUP).{1,64}$/, 'conversationID must start with C2C or GROUP')

/**
 * Messages the server writes itself (a forward's copies, tips, the helper's answers, notices,
 * call messages written in a participant's name) get client IDs `<kind>-…` with these kinds, and
 * a client may not use them: a message's client ID then tells an operator where it came from
 * (`npm run admin -- message-origin`).
 */
export const SERVER_MSG_ID_KINDS = ['fw', 'faq', 're', 'contact', 'tip', 'welcome', 'busy', 'end', 'ban', 'report', 'warn', 'robot'] as const
export type ServerMsgIdKind = (typeof SERVER_MSG_ID_KINDS)[number]

/** Chosen by the client before sending; a retry with the same ID returns the first result. */
export const ClientMsgId = z
  .string()
  .regex(
    new RegExp(`^(?!(?:${SERVER_MSG_ID_KINDS.join('|')})-)[\\w-]{8,64}$`),
    `clientMsgId: 8-64 letters, digits, - or _, not starting with ${SERVER_MSG_ID_KINDS.map((k) => `${k}-`).join(' ')}`,
  )

const outgoingEnvelope = {
  clientMsgId: ClientMsgId,
  conversationID: ConversationID,
  cloudCustomData: z.string().max(4096).default(''),
  atUserList: z.array(z.string().max(64)).max(100).default([]),
  needReadReceipt: z.boolean().default(false),
}

/**
 * Each body and the envelope as one flat object, not an intersection of the two: it accepts and
 * refuses exactly the same, and every send frame is checked against it (an intersection parses
 * twice and merges the halves).
 */
export const OutgoingMessage = z.discriminatedUnion('type', [
  TextBody.extend(outgoingEnvelope),
  FaceBody.extend(outgoingEnvelope),
  ImageBody.extend(outgoingEnvelope),
  VideoBody.extend(outgoingEnvelope),
  AudioBody.extend(outgoingEnvelope),
  FileBody.extend(outgoingEnvelope),
  LocationBody.extend(outgoingEnvelope),
  MergerBody.extend(outgoingEnvelope),
  CustomBody.extend(outgoingEnvelope),
])
export type OutgoingMessage = z.infer<typeof OutgoingMessage>

const int = z.number().int()
const sequence = int.min(0)

/** Spec section 3 "Emoji reaction": one reaction of a message as a viewer sees it. */
export const Reaction = z.object({
  reactionID: z.string(),
  totalUserCount: z.number().int().nonnegative(),
  /** The first users who reacted (up to REACTION_USERS_LISTED of types/messageOps.ts). */
  partialUserList: z.array(z.object({ userID: z.string(), nick: z.string() })),
  /** Whether the viewer is among them. */
  reacted: z.boolean(),
})
export type Reaction = z.infer<typeof Reaction>

/** The type of one field of a payload, without the send's bounds and defaults. */
function fieldType(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodDefault || field instanceof z.ZodOptional) return fieldType(field.unwrap() as z.ZodType)
  if (field instanceof z.ZodNullable) return fieldType(field.unwrap() as z.ZodType).nullable()
  if (field instanceof z.ZodString) return z.string()
  if (field instanceof z.ZodNumber) return z.number()
  if (field instanceof z.ZodBoolean) return z.boolean()
  if (field instanceof z.ZodArray) return z.array(fieldType(field.element as z.ZodType))
  if (field instanceof z.ZodUnion) return z.union((field.options as z.ZodType[]).map(fieldType))
  if (field instanceof z.ZodRecord) return z.record(z.string(), z.unknown())
  return field
}

/**
 * A stored payload of a kind as it is read back: the one place where reading is tolerant. Rows
 * written by older versions may lack fields or break a bound the send checks today, and a revoked
 * message's payload is empty, so every field may be missing and only its type is checked; a field
 * of the wrong type is dropped, and fields this version does not know are kept. Reading a stored
 * message therefore never fails on its payload, and a field that is present has its kind's type.
 */
function stored<S extends z.ZodRawShape>(payload: z.ZodObject<S>): z.ZodType<StoredPayload<S>> {
  const shape = Object.fromEntries(Object.entries(payload.shape).map(([key, field]) => [key, fieldType(field as z.ZodType).optional().catch(undefined)]))
  return z.looseObject(shape) as unknown as z.ZodType<StoredPayload<S>>
}
type StoredPayload<S extends z.ZodRawShape> = Partial<z.output<z.ZodObject<S>>> & Record<string, unknown>

/** Each stored kind with its payload, beside the fields of `envelope`: one discriminated union on `type`. */
function storedKinds<E extends z.ZodRawShape>(envelope: E) {
  const kind = <T extends MsgType, S extends z.ZodRawShape>(type: T, payload: z.ZodObject<S>) =>
    z.object({ type: z.literal(type), payload: stored(payload) }).extend(envelope)
  return z.discriminatedUnion('type', [
    kind(MsgType.Text, TextPayload),
    kind(MsgType.Face, FacePayload),
    kind(MsgType.Image, ImagePayload),
    kind(MsgType.Video, VideoPayload),
    kind(MsgType.Audio, AudioPayload),
    kind(MsgType.File, FilePayload),
    kind(MsgType.Location, LocationPayload),
    kind(MsgType.Merger, MergerPayload),
    kind(MsgType.Custom, CustomPayload),
    kind(MsgType.GroupTip, GroupTipPayload),
  ])
}

/** A stored message as every client sees it (spec section 3 "Message"), one kind per `type`. */
export const Message = storedKinds({
  ID: z.string().min(1),
  clientMsgId: z.string(),
  conversationID: z.string().min(1),
  conversationType: z.enum(ConvType),
  from: z.string(),
  nick: z.string(),
  nameCard: z.string(),
  avatar: z.string(),
  /** Unix seconds. */
  time: z.number(),
  sequence,
  cloudCustomData: z.string(),
  atUserList: z.array(z.string()),
  needReadReceipt: z.boolean(),
  isRevoked: z.boolean(),
  revoker: z.string(),
  hasRiskContent: z.boolean(),
  readReceiptInfo: z.object({ readCount: int, unreadCount: int }),
  /** Emoji reactions; present in history pages, absent on a fresh send. */
  reactionList: z.array(Reaction).optional(),
})
export type Message = z.infer<typeof Message>

/** A stored message's kind with its payload, as a stored row holds them. */
export type StoredBody = { [K in Message['type']]: Pick<Extract<Message, { type: K }>, 'type' | 'payload'> }[Message['type']]

export const LastMessage = storedKinds({
  from: z.string(),
  nick: z.string(),
  time: z.number(),
  sequence,
  isRevoked: z.boolean(),
})
export type LastMessage = z.infer<typeof LastMessage>

export const Conversation = z.object({
  conversationID: z.string().min(1),
  type: z.enum(ConvType),
  /** Per-conversation sequence of the newest message. */
  lastSequence: sequence,
  /** Up to which sequence this user has read. */
  readSequence: sequence,
  /** Up to which sequence the peer has read (C2C read receipts). */
  peerReadSequence: sequence,
  unreadCount: int.min(0),
  isPinned: z.boolean(),
  isMuted: z.boolean(),
  markList: z.array(int),
  draftText: z.string(),
  customData: z.string(),
  groupAtInfoList: z.array(z.object({ messageSequence: sequence, atTypeArray: z.array(int) })),
  lastMessage: LastMessage.nullable(),
  userProfile: z.object({ userID: z.string(), nick: z.string(), avatar: z.string() }).nullable(),
  groupProfile: z
    .object({
      groupID: z.string(),
      groupNumber: z.string(),
      name: z.string(),
      avatar: z.string(),
      memberCount: int,
      isMember: z.boolean(),
      /** Without an uploaded avatar: up to 9 members' avatars (owner and admins first), for the mosaic. */
      memberAvatars: z.array(z.string()).optional(),
    })
    .nullable(),
  updatedAt: z.number(),
})
export type Conversation = z.infer<typeof Conversation>

/** HTTP bodies of the chat engine (/api/im/*). */
export const HistoryBody = z.object({
  conversationID: ConversationID,
  /** Older than this sequence; omitted for the newest page. */
  beforeSequence: z.number().int().min(1).optional(),
  count: z.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
})
/**
 * Where a message sits in the user's history, found by its ID: a quoted or pinned message older
 * than the pages the client holds is reloaded around this sequence.
 */
export const LocateBody = z.object({ conversationID: ConversationID, messageID: z.string().min(1).max(200) })
export const LocatedMessage = z.object({ sequence: z.number().int().min(1) })
export type LocatedMessage = z.infer<typeof LocatedMessage>
export const SinceBody = z.object({ conversationID: ConversationID, afterSequence: z.number().int().min(0), count: z.number().int().min(1).max(500).default(200) })
export const ConversationBody = z.object({ conversationID: ConversationID })
export const PinBody = z.object({ conversationID: ConversationID, isPinned: z.boolean() })
export const MuteBody = z.object({ conversationID: ConversationID, isMuted: z.boolean() })
export const MarkFoldBody = z.object({ conversationID: ConversationID, folded: z.boolean() })
export const DraftBody = z.object({ conversationID: ConversationID, draftText: z.string().max(MESSAGE_MAX_CHARS) })
export const CustomDataBody = z.object({ conversationID: ConversationID, customData: z.string().max(1024) })
export const DeleteConversationBody = z.object({ conversationID: ConversationID, clearHistory: z.boolean().default(false) })
export const ReadMembersBody = z.object({
  conversationID: ConversationID,
  sequence: z.number().int().min(1),
  /** Spec: filter 1 unread, 0 read. */
  filter: z.union([z.literal(0), z.literal(1)]),
  cursor: z.string().max(64).default(''),
  count: z.number().int().min(1).max(READ_MEMBER_PAGE_SIZE).default(READ_MEMBER_PAGE_SIZE),
})

/** A page of history (oldest first) or of search results (newest first). */
export const MessagePage = z.object({
  messages: z.array(Message),
  /** No older messages exist. */
  isCompleted: z.boolean(),
})
export type MessagePage = z.infer<typeof MessagePage>

/** The catch-up after a reconnect. */
export const MessagesSince = z.object({ messages: z.array(Message), hasMore: z.boolean() })
export type MessagesSince = z.infer<typeof MessagesSince>

export const ReadMember = z.object({ userID: z.string(), nick: z.string(), avatar: z.string(), nameCard: z.string() })
export type ReadMember = z.infer<typeof ReadMember>

export const ReadMembersPage = z.object({
  members: z.array(ReadMember),
  /** Pass back for the next page; '' when complete. */
  cursor: z.string(),
  isCompleted: z.boolean(),
})
export type ReadMembersPage = z.infer<typeof ReadMembersPage>
