import {
  ConvType,
  MESSAGE_MAX_CHARS,
  MESSAGE_TOO_LONG_TEXT,
  MsgType,
  SendError,
  type Message,
  type OutgoingMessage,
  type StoredBody,
} from '../../../types/chat.js'
import { ResultCode } from '../../../types/codes.js'
import { c2cIdFor, groupConversationId, type ConvRef } from './conversationIds.js'
import { FANOUT_LIST_MAX } from './groups/memberListCache.js'
import type { Moderation } from './moderation.js'
import { Refusal } from './refusal.js'

export { FANOUT_LIST_MAX }

export interface MessageRow {
  channel_id: string
  seq: number
  client_msg_id: string
  sender: string
  type: string
  payload: Record<string, unknown>
  created_at: Date
  cloud_custom_data: string
  at_users: string[]
  need_read_receipt: boolean
  is_revoked: boolean
  revoker: string
  has_risk: boolean
  nick: string | null
  avatar: string | null
  name_card: string | null
  read_count: number | null
  member_count: number | null
}

/** The conversation ID a channel has for `viewer`: C2C channels are named after the other person. */
export function conversationIdOf(channelId: string, viewer: string): string {
  if (channelId.startsWith('group:')) return groupConversationId(channelId.slice(6))
  const [, a, b] = channelId.split(':')
  return c2cIdFor(a === viewer ? b! : a!)
}

/**
 * A stored row's kind and payload as the contract reads them; a revoked message's payload is
 * hidden. The one place where the server takes a stored payload as its kind's: the database holds
 * what every version wrote, and the contract's stored payloads (types/chat.ts) allow for that.
 */
export function storedBody(type: string, payload: Record<string, unknown> | null, isRevoked: boolean): StoredBody {
  return { type, payload: isRevoked ? {} : (payload ?? {}) } as StoredBody
}

/** The message as `viewer` sees it: the conversation ID depends on who looks. */
export function toMessage(row: MessageRow, viewer: string): Message {
  const isGroup = row.channel_id.startsWith('group:')
  const conversationID = conversationIdOf(row.channel_id, viewer)
  const readCount = row.read_count ?? 0
  const others = isGroup ? Math.max((row.member_count ?? 1) - 1, 0) : 1
  const { type, payload } = storedBody(row.type, row.payload, row.is_revoked)
  // Named fields, not a spread in the middle: V8 builds a literal with a spread inside it field by
  // field through the runtime, and every message is made into one of these once per reader.
  return {
    ID: `${row.sender}-${row.client_msg_id}`,
    clientMsgId: row.client_msg_id,
    type,
    payload,
    conversationID,
    conversationType: isGroup ? ConvType.Group : ConvType.C2C,
    from: row.sender,
    nick: row.nick ?? '',
    nameCard: row.name_card ?? '',
    avatar: row.avatar ?? '',
    time: Math.floor(new Date(row.created_at).getTime() / 1000),
    sequence: Number(row.seq),
    cloudCustomData: row.cloud_custom_data,
    atUserList: row.at_users,
    needReadReceipt: row.need_read_receipt,
    isRevoked: row.is_revoked,
    revoker: row.revoker,
    hasRiskContent: row.has_risk,
    readReceiptInfo: { readCount, unreadCount: Math.max(others - readCount, 0) },
  } as Message
}

/** A send the rules refuse; `hasRisk` when moderation flagged the content (the nack says so). */
export class SendFailure extends Refusal {
  constructor(
    code: number,
    message: string,
    readonly hasRisk = false,
  ) {
    super(code, message)
    this.name = 'SendFailure'
  }
}

/** A client message ID already names a message of another conversation: never answered with that message. */
export const CLIENT_ID_REUSED_TEXT = 'clientMsgId: 该消息ID已用于其他会话'
export const clientIdReused = () => new SendFailure(ResultCode.BadRequest, CLIENT_ID_REUSED_TEXT)

export interface SendResult {
  message: MessageRow
  /** False when this was a retry of a message already stored. */
  created: boolean
  ref: ConvRef
  /**
   * Users whose conversation list must show the message (including the sender). Empty for a
   * group larger than FANOUT_LIST_MAX: pushMessage then reaches the group's online members
   * without listing them.
   */
  recipients: readonly string[]
  /** A group send's member version, read with its rules: the version of `recipients`, or of the whole membership of a group too large to list. */
  memberVersion?: string
}

/** The rule of a retried send: its stored copy must be in the channel the retry names. */
export function priorInChannel(row: MessageRow | null, channelId: string): MessageRow | null {
  if (row && row.channel_id !== channelId) throw clientIdReused()
  return row
}

export interface C2CRuleRow {
  nick_name: string
  avatar: string
  banned: boolean
  peer_status: number | null
  blacklisted: boolean
}

/**
 * The C2C refusals by the codes im_send_batch (015) answers: sender unknown, sender banned, peer
 * deactivated, blacklisted by the peer.
 */
const C2C_REFUSALS: Record<number, () => SendFailure> = {
  1: () => new SendFailure(SendError.Deactivated, '账号不存在'),
  2: () => new SendFailure(SendError.Banned, '封禁期间无法向其他用户发送消息'),
  3: () => new SendFailure(SendError.Deactivated, '对方账号已注销'),
  4: () => new SendFailure(SendError.Blacklisted, '对方已将你拉黑，消息发送失败'),
}

/** The code of the first C2C rule that refuses a send (sender ban, peer state, peer's blacklist), 0 when none does. */
export const c2cRefusalOf = (r: C2CRuleRow | null): number => (!r ? 1 : r.banned ? 2 : r.peer_status !== 0 ? 3 : r.blacklisted ? 4 : 0)

export const c2cRefusal = (code: number): SendFailure => C2C_REFUSALS[code]!()

export interface GroupRuleRow {
  nick_name: string
  avatar: string
  banned: boolean
  identity: number | null
  muted: boolean
  name_card: string | null
  banned_switch: number | null
  dissolved: boolean
  member_version: string | null
  members: string[] | null
}

/** Every rule of a group send, in the order the sender hears them: ban, membership, mute-all, personal mute. */
export function checkGroupRules(r: GroupRuleRow | null): asserts r is GroupRuleRow {
  if (!r) throw new SendFailure(SendError.Deactivated, '账号不存在')
  if (r.banned) throw new SendFailure(SendError.Banned, '封禁期间无法向其他用户发送消息')
  if (r.identity === null || r.dissolved) throw new SendFailure(SendError.NotMember, '你已不在该群聊中')
  if (r.identity === 1 && r.banned_switch === 1) throw new SendFailure(SendError.Muted, '全员禁言中')
  if (r.muted) throw new SendFailure(SendError.Muted, '您已被禁言')
}

const textOf = (m: OutgoingMessage): string | null =>
  m.type === MsgType.Text ? m.payload.text : m.type === MsgType.Custom ? m.payload.data : null

/** The content rules that need no data: length and the word lists. */
export function checkText(moderation: Moderation, msg: OutgoingMessage): void {
  const text = textOf(msg)
  if (text !== null && [...text].length > MESSAGE_MAX_CHARS) throw new SendFailure(SendError.TooLong, MESSAGE_TOO_LONG_TEXT)
  if (text !== null) {
    const verdict = moderation.checkText(text)
    if (verdict === 'blocked') throw new SendFailure(SendError.BlockedWord, '消息中含有违禁词，发送失败')
    if (verdict === 'sensitive') throw new SendFailure(SendError.SensitiveText, '涉及敏感内容，发送失败', true)
  }
}

/** The upload an image message shows, when it is one of this server's: its picture is checked against the image list. */
export const imageUploadIdOf = (msg: OutgoingMessage): string | null =>
  msg.type === MsgType.Image ? (/\/api\/oss\/file\/([\w-]+)/.exec(msg.payload.url)?.[1] ?? null) : null

export function checkImage(moderation: Moderation, sha256: string | null): void {
  if (sha256 !== null && moderation.isSensitiveImage(sha256)) throw new SendFailure(SendError.SensitiveImage, '图片涉及敏感内容，发送失败', true)
}
