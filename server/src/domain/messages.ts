import {
  ConvType,
  MESSAGE_MAX_CHARS,
  MESSAGE_TOO_LONG_TEXT,
  MsgType,
  SendError,
  type Message,
  type OutgoingMessage,
} from '../../../types/chat.js'
import { ResultCode } from '../../../types/codes.js'
import type { Queryable } from '../db/Db.js'
import { c2cIdFor, groupConversationId, parseConversationId, type ConvRef } from './conversationIds.js'
import { memberCount } from './groups/currentMembers.js'
import { FANOUT_LIST_MAX, memberListCache } from './groups/memberListCache.js'
import type { Moderation } from './moderation.js'
import { Refusal } from './refusal.js'
import { isDb, storeMessage } from './sendBatcher.js'

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

/** Columns of a message with the sender's nick, avatar, group name card and receipt counts. */
export const MESSAGE_SELECT = `
  SELECT m.channel_id, m.seq::int AS seq, m.client_msg_id, m.sender, m.type, m.payload, m.created_at, m.cloud_custom_data,
         m.at_users, m.need_read_receipt, m.is_revoked, m.revoker, m.has_risk,
         u.nick_name AS nick, u.avatar,
         gm.group_nickname AS name_card,
         CASE WHEN m.need_read_receipt THEN (SELECT count(*)::int FROM message_reads r WHERE r.channel_id = m.channel_id AND r.seq = m.seq) END AS read_count,
         CASE WHEN m.need_read_receipt AND m.channel_id LIKE 'group:%' THEN
           (SELECT count(*)::int FROM group_members x WHERE x.group_id = substr(m.channel_id, 7) AND x.left_at IS NULL AND x.joined_at <= m.created_at) END AS member_count
  FROM messages m
  LEFT JOIN users u ON u.wt_id = m.sender
  LEFT JOIN group_members gm ON m.channel_id LIKE 'group:%' AND gm.group_id = substr(m.channel_id, 7) AND gm.wt_id = m.sender`

/** The conversation ID a channel has for `viewer`: C2C channels are named after the other person. */
export function conversationIdOf(channelId: string, viewer: string): string {
  if (channelId.startsWith('group:')) return groupConversationId(channelId.slice(6))
  const [, a, b] = channelId.split(':')
  return c2cIdFor(a === viewer ? b! : a!)
}

/** The message as `viewer` sees it: the conversation ID depends on who looks. */
export function toMessage(row: MessageRow, viewer: string): Message {
  const isGroup = row.channel_id.startsWith('group:')
  const conversationID = conversationIdOf(row.channel_id, viewer)
  const readCount = row.read_count ?? 0
  const others = isGroup ? Math.max((row.member_count ?? 1) - 1, 0) : 1
  return {
    ID: `${row.sender}-${row.client_msg_id}`,
    clientMsgId: row.client_msg_id,
    type: row.type as Message['type'],
    payload: row.is_revoked ? {} : row.payload,
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
  }
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
const clientIdReused = () => new SendFailure(ResultCode.BadRequest, CLIENT_ID_REUSED_TEXT)

export interface SendContext {
  db: Queryable
  moderation: Moderation
}

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

const textOf = (m: OutgoingMessage): string | null =>
  m.type === MsgType.Text ? m.payload.text : m.type === MsgType.Custom ? m.payload.data : null

interface Sender {
  nick: string
  avatar: string
  nameCard: string
  /**
   * Group members who receive the message (the sender included); empty for a group larger
   * than FANOUT_LIST_MAX (every process finds its online members); null for C2C.
   */
  members: readonly string[] | null
  /** Current group members, for read-receipt counts (0 when not needed); null for C2C. */
  memberCount: number | null
  /** The group's member version read with the rules; undefined for C2C. */
  memberVersion?: string
}

interface C2CRuleRow {
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

/** Every rule of a C2C send: sender ban, peer state, peer's blacklist. */
async function checkC2C(q: Queryable, me: string, peer: string): Promise<Sender> {
  const { rows } = await q.query<C2CRuleRow>(
    `SELECT s.nick_name, s.avatar, (s.banned_until IS NOT NULL AND s.banned_until > now()) AS banned,
            (SELECT p.action_status FROM users p WHERE p.wt_id = $2) AS peer_status,
            EXISTS (SELECT 1 FROM user_blacklist b WHERE b.owner_wt_id = $2 AND b.target_wt_id = $1) AS blacklisted
     FROM users s WHERE s.wt_id = $1`,
    [me, peer],
  )
  const r = rows[0]
  const refusal = !r ? 1 : r.banned ? 2 : r.peer_status !== 0 ? 3 : r.blacklisted ? 4 : 0
  if (refusal) throw C2C_REFUSALS[refusal]!()
  return { nick: r!.nick_name, avatar: r!.avatar, nameCard: '', members: null, memberCount: null }
}

/**
 * The rules of a C2C send to `peer` for a path with a check of its own (the contacts custom
 * messages' relation), which must come after these as a content check does: a banned sender hears
 * 20012 whatever else is wrong.
 */
export async function checkC2CRules(q: Queryable, me: string, peer: string): Promise<void> {
  await checkC2C(q, me, peer)
}

/**
 * Every rule of a group send in one query: ban, membership, mute-all, personal mute. The member
 * list comes from this process's cache when the group's member version (017, read in the same
 * snapshot as the rules) is the one the list was kept at; otherwise the query returns it.
 */
async function checkGroup(q: Queryable, me: string, groupId: string, needReadReceipt: boolean): Promise<Sender> {
  const cache = memberListCache(q)
  const kept = cache.get(groupId)
  const { rows } = await q.query<{
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
  }>(
    `SELECT s.nick_name, s.avatar, (s.banned_until IS NOT NULL AND s.banned_until > now()) AS banned,
            gm.identity, (gm.mute_until IS NOT NULL AND gm.mute_until > now()) AS muted, gm.group_nickname AS name_card,
            g.banned_switch, g.dissolved_at IS NOT NULL AS dissolved, g.member_version::text AS member_version,
            CASE WHEN gm.identity IS NOT NULL AND g.member_version IS DISTINCT FROM $4::bigint THEN
              (SELECT array_agg(x.wt_id) FROM (SELECT x.wt_id FROM group_members x WHERE x.group_id = $2 AND x.left_at IS NULL LIMIT $3) x) END AS members
     FROM users s
     LEFT JOIN group_members gm ON gm.group_id = $2 AND gm.wt_id = s.wt_id AND gm.left_at IS NULL
     LEFT JOIN groups g ON g.group_id = $2
     WHERE s.wt_id = $1`,
    [me, groupId, FANOUT_LIST_MAX + 1, kept?.version ?? null],
  )
  const r = rows[0]
  if (!r) throw new SendFailure(SendError.Deactivated, '账号不存在')
  if (r.banned) throw new SendFailure(SendError.Banned, '封禁期间无法向其他用户发送消息')
  if (r.identity === null || r.dissolved) throw new SendFailure(SendError.NotMember, '你已不在该群聊中')
  if (r.identity === 1 && r.banned_switch === 1) throw new SendFailure(SendError.Muted, '全员禁言中')
  if (r.muted) throw new SendFailure(SendError.Muted, '您已被禁言')
  const listed = cache.settle(groupId, kept, r.member_version, r.members ?? [me])
  const memberVersion = r.member_version ?? undefined
  if (listed) return { nick: r.nick_name, avatar: r.avatar, nameCard: r.name_card ?? '', members: listed, memberCount: listed.length, memberVersion }
  // Counting a large group is only worth it when the message shows read-receipt counts.
  const count = needReadReceipt ? await memberCount(q, groupId) : 0
  return { nick: r.nick_name, avatar: r.avatar, nameCard: r.name_card ?? '', members: [], memberCount: count, memberVersion }
}

/** Checks that depend only on the content: length, words, images. */
async function checkContent(ctx: SendContext, q: Queryable, msg: OutgoingMessage): Promise<void> {
  const text = textOf(msg)
  if (text !== null && [...text].length > MESSAGE_MAX_CHARS) throw new SendFailure(SendError.TooLong, MESSAGE_TOO_LONG_TEXT)
  if (text !== null) {
    const verdict = ctx.moderation.checkText(text)
    if (verdict === 'blocked') throw new SendFailure(SendError.BlockedWord, '消息中含有违禁词，发送失败')
    if (verdict === 'sensitive') throw new SendFailure(SendError.SensitiveText, '涉及敏感内容，发送失败', true)
  }
  if (msg.type === MsgType.Image) {
    const id = /\/api\/oss\/file\/([\w-]+)/.exec(msg.payload.url)?.[1]
    if (id) {
      const { rows } = await q.query<{ sha256: string }>('SELECT sha256 FROM uploads WHERE id = $1', [id])
      if (rows[0] && ctx.moderation.isSensitiveImage(rows[0].sha256)) throw new SendFailure(SendError.SensitiveImage, '图片涉及敏感内容，发送失败', true)
    }
  }
}

/** The stored copy of a retried send, in the channel the retry names; null when there is none there. */
async function existing(q: Queryable, sender: string, clientMsgId: string, channelId: string): Promise<MessageRow | null> {
  const { rows } = await q.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.sender = $1 AND m.client_msg_id = $2`, [sender, clientMsgId])
  const row = rows[0]
  if (row && row.channel_id !== channelId) throw clientIdReused()
  return row ?? null
}

export async function ensureChannel(q: Queryable, channelId: string): Promise<void> {
  await q.query('INSERT INTO channels (channel_id) VALUES ($1) ON CONFLICT DO NOTHING', [channelId])
}

/** Makes sure each user has a conversation row for the channel (shown again if it was deleted). */
export async function ensureConversationRows(q: Queryable, channelId: string, rows: Array<{ wtId: string; conversationID: string }>): Promise<void> {
  // One statement per 5,000 members instead of one round trip each; a row may appear once per
  // statement (ON CONFLICT DO UPDATE cannot touch the same row twice).
  const unique = [...new Map(rows.map((r) => [`${r.wtId}\u0000${r.conversationID}`, r])).values()]
  for (let i = 0; i < unique.length; i += 5000) {
    const chunk = unique.slice(i, i + 5000)
    await q.query(
      `INSERT INTO user_conversations (wt_id, conversation_id, channel_id)
       SELECT w, c, $3 FROM unnest($1::text[], $2::text[]) AS t(w, c)
       ON CONFLICT (wt_id, conversation_id) DO UPDATE SET updated_at = now()`,
      [chunk.map((r) => r.wtId), chunk.map((r) => r.conversationID), channelId],
    )
  }
}

/**
 * Stores one message and assigns its sequence through the group-commit batcher (sendBatcher.ts):
 * im_send_batch (015) reads a C2C send's rules in the statement that stores it; a group send's
 * rules are one query before. The channel is locked so sequences are gap-free and in commit
 * order, and a retried client ID finds its first copy instead of writing a second. The promise
 * settles after the commit.
 */
export async function sendMessage(ctx: SendContext, me: string, msg: OutgoingMessage): Promise<SendResult> {
  const ref = parseConversationId(me, msg.conversationID)
  if (!ref) throw new SendFailure(SendError.NotMember, '会话不存在')
  // The channel must name exactly the conversation the frame names, read back the way every reader will.
  if (conversationIdOf(ref.channelId, me) !== msg.conversationID) throw new SendFailure(SendError.NotMember, '会话不存在')
  const peer = ref.type === ConvType.C2C ? ref.peer : null
  // On the database itself, the statement that stores a C2C message reads its rules too (one round
  // trip per batch of sends, and the rules are those of the storing transaction).
  const rulesInStore = peer !== null && isDb(ctx.db)
  let sender: Sender | null = null
  try {
    if (ref.type === ConvType.Group) sender = await checkGroup(ctx.db, me, ref.groupId, msg.needReadReceipt)
    else if (!rulesInStore) sender = await checkC2C(ctx.db, me, ref.peer)
    await checkContent(ctx, ctx.db, msg).catch(async (err: unknown) => {
      // A send both rules and content refuse is answered with the rule, as when the rules come first.
      if (rulesInStore) await checkC2C(ctx.db, me, peer)
      throw err
    })
  } catch (err) {
    // A retry of a message stored before the rules changed still gets its first answer.
    const prior = err instanceof SendFailure && (await existing(ctx.db, me, msg.clientMsgId, ref.channelId))
    if (prior) return { message: prior, created: false, ref, recipients: [] }
    throw err
  }
  const recipients = sender?.members ?? [me, peer!]
  const r = await storeMessage(ctx.db, {
    channelId: ref.channelId,
    sender: me,
    clientMsgId: msg.clientMsgId,
    type: msg.type,
    payload: msg.payload,
    cloudCustomData: msg.cloudCustomData,
    atUserList: msg.atUserList,
    needReadReceipt: msg.needReadReceipt,
    senderConversationId: msg.conversationID,
    peer: ref.type === ConvType.C2C ? ref.peer : null,
    peerConversationId: ref.type === ConvType.C2C ? c2cIdFor(me) : null,
    groupId: ref.type === ConvType.Group ? ref.groupId : null,
    checkC2CRules: rulesInStore,
  })
  if (r.refusal) {
    // A retry of a message stored before the rules changed still gets its first answer.
    const prior = await existing(ctx.db, me, msg.clientMsgId, ref.channelId)
    if (prior) return { message: prior, created: false, ref, recipients: [] }
    throw C2C_REFUSALS[r.refusal]!()
  }
  if (!r.created || r.seq === null) {
    const prior = r.seq === null ? null : await existing(ctx.db, me, msg.clientMsgId, ref.channelId)
    if (!prior) throw clientIdReused()
    return { message: prior, created: false, ref, recipients }
  }
  const message: MessageRow = {
    channel_id: ref.channelId,
    seq: r.seq,
    client_msg_id: msg.clientMsgId,
    sender: me,
    type: msg.type,
    payload: msg.payload as Record<string, unknown>,
    created_at: r.created_at,
    cloud_custom_data: msg.cloudCustomData,
    at_users: msg.atUserList,
    need_read_receipt: msg.needReadReceipt,
    is_revoked: false,
    revoker: '',
    has_risk: false,
    nick: sender ? sender.nick : (r.nick ?? ''),
    avatar: sender ? sender.avatar : (r.avatar ?? ''),
    name_card: sender ? sender.nameCard : '',
    read_count: msg.needReadReceipt ? 0 : null,
    member_count: sender ? sender.memberCount : null,
  }
  return { message, created: true, ref, recipients, memberVersion: sender?.memberVersion }
}

/** Writes a server-authored message (group tips, system cards) in a transaction the caller holds. */
export async function insertSystemMessage(
  q: Queryable,
  channelId: string,
  sender: string,
  type: string,
  payload: Record<string, unknown>,
  clientMsgId: string,
): Promise<number> {
  await ensureChannel(q, channelId)
  await q.query('SELECT last_seq FROM channels WHERE channel_id = $1 FOR UPDATE', [channelId])
  const { rows } = await q.query<{ last_seq: number }>(
    'UPDATE channels SET last_seq = last_seq + 1 WHERE channel_id = $1 RETURNING last_seq::int AS last_seq',
    [channelId],
  )
  const seq = rows[0]!.last_seq
  await q.query(
    `INSERT INTO messages (channel_id, seq, client_msg_id, sender, type, payload) VALUES ($1, $2, $3, $4, $5, $6)`,
    [channelId, seq, clientMsgId, sender, type, JSON.stringify(payload)],
  )
  return seq
}

export async function messageAt(q: Queryable, channelId: string, seq: number): Promise<MessageRow | null> {
  const { rows } = await q.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.channel_id = $1 AND m.seq = $2`, [channelId, seq])
  return rows[0] ?? null
}
