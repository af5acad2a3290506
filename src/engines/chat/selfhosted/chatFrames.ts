import { z } from 'zod'
import { RtcServerFrame } from '@shared/call'
import { ConvType, MsgType, type ChatServerFrame, type Conversation, type Message } from '@shared/chat'
import { ServerFrame } from '@shared/ws'
import { Reaction, ReactionFrame, RevokedFrameSchema } from '@shared/messageOps'

// types/chat.ts describes what the server sends as TypeScript types only; these schemas check the
// same shapes on arrival, so a malformed push is dropped instead of corrupting the store.

const msgTypes = Object.values(MsgType) as [MsgType, ...MsgType[]]
const convTypes = Object.values(ConvType) as [ConvType, ...ConvType[]]
const int = z.number().int()
const seq = int.min(0)

export const MessageSchema: z.ZodType<Message> = z.object({
  ID: z.string().min(1),
  clientMsgId: z.string(),
  type: z.enum(msgTypes),
  payload: z.record(z.string(), z.unknown()),
  conversationID: z.string().min(1),
  conversationType: z.enum(convTypes),
  from: z.string(),
  nick: z.string(),
  nameCard: z.string(),
  avatar: z.string(),
  time: z.number(),
  sequence: seq,
  cloudCustomData: z.string(),
  atUserList: z.array(z.string()),
  needReadReceipt: z.boolean(),
  isRevoked: z.boolean(),
  revoker: z.string(),
  hasRiskContent: z.boolean(),
  readReceiptInfo: z.object({ readCount: int, unreadCount: int }),
  reactionList: z.array(Reaction).optional(),
})

const LastMessageSchema = z.object({
  type: z.enum(msgTypes),
  payload: z.record(z.string(), z.unknown()),
  from: z.string(),
  nick: z.string(),
  time: z.number(),
  sequence: seq,
  isRevoked: z.boolean(),
})

export const ConversationSchema: z.ZodType<Conversation> = z.object({
  conversationID: z.string().min(1),
  type: z.enum(convTypes),
  lastSequence: seq,
  readSequence: seq,
  peerReadSequence: seq,
  unreadCount: int.min(0),
  isPinned: z.boolean(),
  isMuted: z.boolean(),
  markList: z.array(int),
  draftText: z.string(),
  customData: z.string(),
  groupAtInfoList: z.array(z.object({ messageSequence: seq, atTypeArray: z.array(int) })),
  lastMessage: LastMessageSchema.nullable(),
  userProfile: z.object({ userID: z.string(), nick: z.string(), avatar: z.string() }).nullable(),
  groupProfile: z
    .object({
      groupID: z.string(),
      groupNumber: z.string(),
      name: z.string(),
      avatar: z.string(),
      memberCount: int,
      isMember: z.boolean(),
    })
    .nullable(),
  updatedAt: z.number(),
})

/**
 * A chat frame without batches; a batch is checked frame by frame. Call negotiation frames ride
 * in the same batches as chat frames when they leave the server in one tick.
 */
export type SingleChatFrame = Exclude<ChatServerFrame, { type: 'batch' }> | RtcServerFrame

const SingleChatFrameSchema: z.ZodType<SingleChatFrame> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ack'), clientMsgId: z.string(), message: MessageSchema }),
  z.object({ type: z.literal('nack'), clientMsgId: z.string(), code: int, msg: z.string(), hasRiskContent: z.boolean().optional(), message: MessageSchema.nullable() }),
  z.object({ type: z.literal('msg'), message: MessageSchema }),
  z.object({ type: z.literal('typing'), conversationID: z.string(), from: z.string(), typing: z.boolean() }),
  z.object({ type: z.literal('read'), conversationID: z.string(), reader: z.string(), sequence: seq }),
  z.object({ type: z.literal('receipt'), conversationID: z.string(), sequence: seq, readCount: int, unreadCount: int }),
  z.object({ type: z.literal('conv'), conversation: ConversationSchema }),
  z.object({ type: z.literal('convDeleted'), conversationID: z.string() }),
  ReactionFrame,
  RevokedFrameSchema,
  RtcServerFrame,
]) as z.ZodType<SingleChatFrame>

export const CHAT_FRAME_TYPES: ReadonlySet<string> = new Set(['ack', 'nack', 'msg', 'typing', 'read', 'receipt', 'conv', 'convDeleted', 'reaction', 'revoked', 'batch'])

/**
 * A batch whose frames have been checked one by one (nested batches flattened). The server
 * coalesces everything due to a socket in one tick, so notices (type 4, 5…) ride in batches too.
 */
export interface CheckedBatch {
  type: 'batch'
  frames: Array<SingleChatFrame | ServerFrame>
}

export type ChatFrameParse = { ok: true; frame: SingleChatFrame | CheckedBatch } | { ok: false; reason: string }

function reasonOf(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0]
  const path = [prefix, ...(issue?.path ?? [])].filter((p) => p !== '').join('.')
  return `${path || 'frame'}: ${issue?.message ?? 'invalid'}`
}

/**
 * Checks a chat frame; a batch becomes its frames in order. One bad frame inside a batch is
 * dropped on its own, so the rest of the tick still arrives.
 */
export function parseChatFrame(data: unknown, onInvalid: (reason: string) => void = () => undefined): ChatFrameParse {
  const type = (data as { type?: unknown }).type
  if (type === 'batch') {
    const frames = (data as { frames?: unknown }).frames
    if (!Array.isArray(frames)) return { ok: false, reason: 'frames: expected an array' }
    const out: CheckedBatch['frames'] = []
    frames.forEach((inner: unknown, i) => {
      if (typeof inner !== 'object' || inner === null) return onInvalid(`frames.${i}: expected an object`)
      if (!CHAT_FRAME_TYPES.has(String((inner as { type?: unknown }).type))) {
        const notice = ServerFrame.safeParse(inner)
        if (notice.success) out.push(notice.data)
        else onInvalid(`frames.${i}.${notice.error.issues[0]?.path.join('.') || 'frame'}: ${notice.error.issues[0]?.message ?? 'invalid'}`)
        return
      }
      const parsed = parseChatFrame(inner, onInvalid)
      if (!parsed.ok) return onInvalid(`frames.${i}.${parsed.reason}`)
      if (parsed.frame.type === 'batch') out.push(...parsed.frame.frames)
      else out.push(parsed.frame)
    })
    return { ok: true, frame: { type: 'batch', frames: out } }
  }
  const parsed = SingleChatFrameSchema.safeParse(data)
  if (!parsed.success) return { ok: false, reason: reasonOf(parsed.error, '') }
  return { ok: true, frame: parsed.data }
}
