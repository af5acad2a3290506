import { ConvType, SendError, type OutgoingMessage } from '../../../../types/chat.js'
import type { Queryable } from '../../db/Db.js'
import { messageByClientId } from '../../data/messages/rows.js'
import { isDb, storeMessage, type SendBatcher } from '../../data/messages/sendBatcher.js'
import { c2cSendRules, groupSendRules } from '../../data/messages/sendRules.js'
import { uploadSha256 } from '../../data/uploads.js'
import { c2cIdFor, parseConversationId } from '../../domain/conversationIds.js'
import { memberCount } from '../../data/groups/currentMembers.js'
import { FANOUT_LIST_MAX, MemberListCache } from '../../domain/groups/memberListCache.js'
import {
  c2cRefusal,
  c2cRefusalOf,
  checkGroupRules,
  checkImage,
  checkText,
  clientIdReused,
  conversationIdOf,
  imageUploadIdOf,
  priorInChannel,
  SendFailure,
  type MessageRow,
  type SendResult,
} from '../../domain/messages.js'
import type { Moderation } from '../../domain/moderation.js'

export interface SendContext {
  db: Queryable
  moderation: Moderation
  /** The database's group-commit batcher (data/messages/sendBatcher.ts). */
  sends: SendBatcher
  /** The member lists this app keeps for group sends (domain/groups/memberListCache.ts). */
  memberLists: MemberListCache
}

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

/** Every rule of a C2C send: sender ban, peer state, peer's blacklist. */
async function checkC2C(q: Queryable, me: string, peer: string): Promise<Sender> {
  const r = await c2cSendRules(q, me, peer)
  const refusal = c2cRefusalOf(r)
  if (refusal) throw c2cRefusal(refusal)
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
 * Every rule of a group send in one query. The member list comes from this process's cache when
 * the group's member version (017, read in the same snapshot as the rules) is the one the list
 * was kept at; otherwise the query returns it.
 */
async function checkGroup(q: Queryable, lists: MemberListCache, me: string, groupId: string, needReadReceipt: boolean): Promise<Sender> {
  // A transaction someone holds keeps its lists to itself: a version it read may never commit.
  const cache = isDb(q) ? lists : new MemberListCache()
  const kept = cache.get(groupId)
  const r = await groupSendRules(q, me, groupId, FANOUT_LIST_MAX + 1, kept?.version ?? null)
  checkGroupRules(r)
  const listed = cache.settle(groupId, kept, r.member_version, r.members ?? [me])
  const memberVersion = r.member_version ?? undefined
  if (listed) return { nick: r.nick_name, avatar: r.avatar, nameCard: r.name_card ?? '', members: listed, memberCount: listed.length, memberVersion }
  // Counting a large group is only worth it when the message shows read-receipt counts.
  const count = needReadReceipt ? await memberCount(q, groupId) : 0
  return { nick: r.nick_name, avatar: r.avatar, nameCard: r.name_card ?? '', members: [], memberCount: count, memberVersion }
}

/** Checks that depend only on the content: length, words, images. */
async function checkContent(ctx: SendContext, q: Queryable, msg: OutgoingMessage): Promise<void> {
  checkText(ctx.moderation, msg)
  const id = imageUploadIdOf(msg)
  if (id) checkImage(ctx.moderation, await uploadSha256(q, id))
}

/** The stored copy of a retried send, in the channel the retry names; null when there is none there. */
const existing = async (q: Queryable, sender: string, clientMsgId: string, channelId: string): Promise<MessageRow | null> =>
  priorInChannel(await messageByClientId(q, sender, clientMsgId), channelId)

/**
 * Stores one message under the send rules, for every path that sends in a user's name (the
 * socket's send, forwards, call messages, the helper's and the contacts' messages). The rules
 * come first (domain/messages.ts): the conversation must be the one the message names, then a
 * group's ban, membership and mutes in one query, or a C2C send's ban, peer and blacklist, then
 * the content. The write goes through the group-commit batcher (data/messages/sendBatcher.ts):
 * im_send_batch (015) reads a C2C send's rules in the statement that stores it. The channel is
 * locked so sequences are gap-free and in commit order, and a retried client ID finds its first
 * copy instead of writing a second. The promise settles after the commit.
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
    if (ref.type === ConvType.Group) sender = await checkGroup(ctx.db, ctx.memberLists, me, ref.groupId, msg.needReadReceipt)
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
  const r = await storeMessage(ctx, {
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
    throw c2cRefusal(r.refusal)
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
    payload: msg.payload,
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
