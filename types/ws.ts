import { z } from 'zod'
import { ChatClientFrame } from './chat'

/** Largest frame either side accepts on /ws/{token}, in bytes. */
export const WS_MAX_FRAME_BYTES = 64 * 1024
/** The client pings this often; the server drops a socket silent for three intervals. */
export const WS_HEARTBEAT_MS = 25_000

/** Close codes of /ws/{token}. After 4401 and 4000 reconnecting cannot help. */
export const WsClose = {
  /** The token is not, or no longer, valid. */
  Unauthorized: 4401,
  /** The session was logged out or revoked; a -1 frame usually came first. */
  SessionEnded: 4000,
  ServerShutdown: 1001,
} as const

/** Numeric notification types of the spec's socket (section 7 "Socket"). */
export const NoticeType = {
  /** Show the message, log out, go to /login (session revoked elsewhere). */
  ForcedLogout: -1,
  /** Show the message, log out, go to /login (account-level error). */
  FatalError: -2,
  MomentsCount: 2,
  TopMessageChanged: 3,
  GroupUnread: 4,
  GroupChange: 5,
  Withdraw: 7,
} as const
export type NoticeType = (typeof NoticeType)[keyof typeof NoticeType]

export const ServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), protocolVersion: z.number().int(), wtId: z.string() }),
  z.object({ type: z.literal('pong'), ts: z.number() }),
  z.object({ type: z.literal('error'), code: z.number().int(), msg: z.string() }),
  z.object({ type: z.literal(NoticeType.ForcedLogout), msg: z.string() }),
  z.object({ type: z.literal(NoticeType.FatalError), msg: z.string() }),
  z.object({ type: z.literal(NoticeType.MomentsCount), count: z.number().int().nonnegative() }),
  z.object({ type: z.literal(NoticeType.TopMessageChanged) }),
  z.object({
    type: z.literal(NoticeType.GroupUnread),
    joinApplyUnRead: z.number().int().nonnegative(),
    otherUnRead: z.number().int().nonnegative(),
    selfApplyUnRead: z.number().int().nonnegative(),
  }),
  z.object({ type: z.literal(NoticeType.GroupChange), count: z.number().int(), groupNumber: z.string() }),
  z.object({
    type: z.literal(NoticeType.Withdraw),
    groupNumber: z.string(),
    withdrawUserWtId: z.string(),
    lastMessageSequence: z.number().int(),
    /** Present for a single revoke (admin/withdrawMsg): exactly these; absent: every message of the user up to lastMessageSequence. */
    sequences: z.array(z.number().int()).optional(),
  }),
])
export type ServerFrame = z.infer<typeof ServerFrame>

export const ClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), ts: z.number() }),
])
export type ClientFrame = z.infer<typeof ClientFrame>

/** Every frame a client may send on /ws/{token}. */
export const AnyClientFrame = z.discriminatedUnion('type', [...ClientFrame.options, ...ChatClientFrame.options])
export type AnyClientFrame = z.infer<typeof AnyClientFrame>
