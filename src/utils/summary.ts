import { callRecordTextOf, callStepFieldsOf, callStepOf, formatCallDuration, type CallStepFields } from '@shared/callSteps'
import { ConvType, MsgType, SummaryLabel, type Conversation, type LastMessage, type Message, type StoredBody } from '@shared/chat'
import { isSenderOnlyContactMessage } from '@shared/plain/friends'
import { zhCn } from '@/i18n/call/zh-cn'
import { expandEmojiPlaceholders } from './emojiNames'
import { asRecord as record, parseJsonObject } from './json'
import { ROBOT_NO_ANSWER_TEXT } from '@shared/plain/bots'
import { ADMIN_REVOKER } from '@shared/plain/messageOps'
import { favoriteKindLabel } from '@/domain/favorites/favoriteList'

/**
 * One-line descriptions of messages: the conversation list's last-message line, desktop
 * notifications and group tips. Only names are imported here (no images), because
 * notifications run on every page.
 */

/** What a summary needs of a message; both Message and a conversation's LastMessage fit. */
export type SummarySource = StoredBody & Pick<LastMessage, 'from' | 'nick' | 'isRevoked'> & Partial<Pick<Message, 'revoker' | 'nameCard'>>

export interface SummaryOptions {
  /** Prefix '昵称: ' for messages of other people (group lists and notifications). */
  withSender?: boolean
}

/** The reader's own mute (spec 8; types/group.ts MUTED_BY_ADMIN_TEXT, kept here so this module stays free of zod). */
const MUTED_BY_ADMIN_TEXT = '您已被管理员禁言'

const KIND_LABEL = {
  image: SummaryLabel.Image,
  video: SummaryLabel.Video,
  audio: SummaryLabel.Audio,
  file: SummaryLabel.File,
  location: SummaryLabel.Location,
  face: SummaryLabel.Face,
  merger: SummaryLabel.Merger,
  custom: SummaryLabel.Custom,
  groupTip: SummaryLabel.GroupTip,
  unknown: SummaryLabel.Message,
} as const

const str = (o: Record<string, unknown> | null | undefined, key: string): string => {
  const v = o?.[key]
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ''
}

/** Line breaks and runs of spaces become one space, so the summary stays on one line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

const withDetail = (label: string, detail: string) => (detail ? `${label} ${oneLine(detail)}` : label)

/** The name people see for a user in a tip or a revoke line: '你' for the viewer. */
function who(id: string, nick: string, viewerID: string): string {
  if (id && id === viewerID) return '你'
  return nick || id
}

function names(ids: string[], nicks: string[], viewerID: string): string {
  return ids.map((id, i) => who(id, nicks[i] ?? '', viewerID)).join('、')
}

/** Group tip payload as the server writes it (types/chat.ts GroupTipPayload), read defensively. */
export interface GroupTipLike {
  operationType?: unknown
  operatorID?: unknown
  userIDList?: unknown
  nickList?: unknown
  newGroupProfile?: unknown
  muteTime?: unknown
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : String(x))) : [])

/**
 * The grey centred line of a group tip (spec 4, operations 1 join, 2 quit, 3 kicked, 4 set
 * admin, 5 remove admin, 6 profile change, 7 mute). operatorNick is the operator's name when
 * known (the tip's sender is its operator).
 */
export function groupTipText(payload: GroupTipLike, viewerID: string, operatorNick = ''): string {
  const operatorID = typeof payload.operatorID === 'string' ? payload.operatorID : ''
  const ids = strings(payload.userIDList)
  const nicks = strings(payload.nickList)
  const op = who(operatorID, operatorNick, viewerID)
  const members = names(ids, nicks, viewerID)
  const profile = record(payload.newGroupProfile)
  switch (Number(payload.operationType)) {
    case 1:
      if (profile?.created) return members ? `${op}创建了群聊，并邀请${members}加入` : `${op}创建了群聊`
      if (!operatorID || ids.includes(operatorID) || !members) return `${members || op}加入了群聊`
      return `${op}邀请${members}加入了群聊`
    case 2:
      return `${members || op}退出了群聊`
    case 3:
      return `${members}被${op}移出了群聊`
    case 4:
      return `${members}被设置为管理员`
    case 5:
      return `${members}被取消了管理员`
    case 6:
      return profileChangeText(op, profile, viewerID)
    case 7: {
      const muteTime = Number(payload.muteTime ?? profile?.muteTime ?? NaN)
      if (muteTime === 0) return `${members}被${op}解除禁言`
      // The reader's own mute reads as the product's notice (spec 8 translation texts).
      if (ids.length === 1 && ids[0] === viewerID) return MUTED_BY_ADMIN_TEXT
      return `${members}被${op}禁言`
    }
    default:
      return KIND_LABEL.groupTip
  }
}

function profileChangeText(op: string, profile: Record<string, unknown> | null, viewerID: string): string {
  if (!profile) return `${op}修改了群资料`
  const robot = record(profile.robot)
  if (robot) return robotTipText(robot.byOperator === true ? '平台管理员' : op, robot)
  if (profile.dissolved === true) return `${op}解散了群聊`
  const name = str(profile, 'groupName')
  if (name) return `${op}修改群名称为“${name}”`
  if ('groupNotice' in profile || 'notification' in profile) return `${op}修改了群公告`
  if ('groupAvatar' in profile || 'avatar' in profile) return `${op}修改了群头像`
  const owner = str(profile, 'ownerID')
  if (owner) return `${who(owner, str(profile, 'ownerNick'), viewerID)}成为新的群主`
  if (typeof profile.muteAllMembers === 'boolean') return profile.muteAllMembers ? `${op}开启了全员禁言` : `${op}关闭了全员禁言`
  return `${op}修改了群资料`
}

/**
 * Custom messages (spec 3 "Custom message data"): cards by businessID or type, system lines for
 * friend and group events, call records; anything else shows its description.
 */
export function customMessageSummary(payload: Record<string, unknown>, viewerID = '', from = ''): string {
  const call = callStepFieldsOf(payload.data)
  if (call) return callSummary(call, from !== '' && from === viewerID)
  const data = parseJsonObject(str(payload, 'data'))
  const description = oneLine(str(payload, 'description'))
  if (!data) return description || KIND_LABEL.custom
  const businessID = str(data, 'businessID')
  const type = str(data, 'type')
  switch (businessID) {
    case 'order':
      return withDetail('[订单]', str(data, 'title'))
    case 'evaluate':
      return withDetail('[评价]', str(data, 'comment'))
    case 'link':
      return withDetail(SummaryLabel.Link, str(data, 'text') || str(data, 'link'))
    case 'service':
      return withDetail('[服务消息]', description)
  }
  switch (type) {
    case 'nameCard':
      return withDetail('[个人名片]', str(data, 'nickName'))
    case 'collect': {
      // A favorite sent as a card says its kind ([视频], [位置]…); only a note, or a card from a
      // client that sends no kind, reads [笔记].
      const detail = parseJsonObject(str(data, 'detail')) ?? record(data.detail)
      const kind = typeof detail?.contentType === 'number' ? favoriteKindLabel(detail.contentType) : '笔记'
      return withDetail(`[${kind === '收藏' ? '笔记' : kind}]`, str(detail, 'collectTitle') || str(detail, 'noteContent'))
    }
    case 'wisperHelper Msg':
      return withDetail('[小助手]', str(record(data.content), 'question') || description)
    case 'CustomMsg_Type_addFriend':
      return '你们已经是好友了，现在可以开始聊天了'
    case 'CustomMsg_Type_addBlack':
      return '已加入黑名单'
    case 'CustomMsg_Type_deleteFriend':
      return '好友关系已解除'
    case 'GroupCustomMsg_Type_createGroup':
    case 'GroupCustomMsg': {
      const operator = record(data.operatorUser)
      const op = who(str(operator, 'userId') || str(operator, 'userID'), str(operator, 'nickName'), viewerID)
      if (type === 'GroupCustomMsg_Type_createGroup') return `${op || '群主'}创建了群聊`
      const content = oneLine(str(data, 'content'))
      return content ? `${op}${content}` : description || KIND_LABEL.groupTip
    }
  }
  return description || KIND_LABEL.custom
}

/**
 * A call message in the list: the card it shows in the chat ('[通话时长：00:01:05]', '[对方已取消]'…),
 * so a finished call never keeps '[通话邀请]'; the invite while it rings, a one-to-one accept
 * (no card of its own) as answered, and a group call's steps as the call going on until its
 * summary line ('群通话已结束，时长 …') ends it.
 */
function callSummary(call: CallStepFields, mine: boolean): string {
  const card = callRecordTextOf(call, mine)
  const duration = formatCallDuration(call.data.call_end ?? 0)
  if (card === 'Group call ended') return zhCn[card].replace('{duration}', duration)
  if (card === 'Duration') return `[${zhCn.Duration.replace('{duration}', duration)}]`
  if (card) return `[${zhCn[card]}]`
  if (callStepOf(call) === 'invite') return '[通话邀请]'
  return call.groupID ? '[群通话]' : `[${zhCn.Answered}]`
}

function revokedText(message: SummarySource, viewerID: string): string {
  if (message.revoker === ADMIN_REVOKER) return '管理员撤回了一条消息'
  const by = message.revoker && message.revoker !== message.from ? message.revoker : message.from
  if (by === viewerID) return '你撤回了一条消息'
  const nick = by === message.from ? message.nameCard || message.nick : ''
  return `${nick || by}撤回了一条消息`
}

/** The summary of one message's content, without sender (see SummaryOptions). */
function contentSummary(message: SummarySource, viewerID: string): string {
  const p = message.payload ?? {}
  switch (message.type) {
    case MsgType.Text:
      return oneLine(expandEmojiPlaceholders(str(p, 'text')))
    case MsgType.Face:
      return KIND_LABEL.face
    case MsgType.Image:
      return KIND_LABEL.image
    case MsgType.Video:
      return KIND_LABEL.video
    case MsgType.Audio:
      return KIND_LABEL.audio
    case MsgType.File:
      return withDetail(KIND_LABEL.file, str(p, 'fileName'))
    case MsgType.Location:
      return withDetail(KIND_LABEL.location, str(parseJsonObject(str(p, 'description')), 'title'))
    case MsgType.Merger:
      return KIND_LABEL.merger
    case MsgType.Custom:
      return customMessageSummary(p, viewerID, message.from)
    case MsgType.GroupTip:
      return groupTipText(message.payload, viewerID, str(p, 'operatorID') === message.from ? message.nick : '')
    default:
      // A kind newer than this client: say there is a message rather than hide it.
      return KIND_LABEL.unknown
  }
}

/** Kinds that read as a system line and never get a sender prefix. */
function isSystemLine(message: SummarySource): boolean {
  if (message.type === MsgType.GroupTip) return true
  if (message.type !== MsgType.Custom) return false
  const call = callStepFieldsOf(str(message.payload, 'data'))
  if (call) return callRecordTextOf(call, false) === 'Group call ended'
  const type = str(parseJsonObject(str(message.payload, 'data')), 'type')
  return type.startsWith('CustomMsg_Type_') || type.startsWith('GroupCustomMsg')
}

/**
 * The one-line summary of a message for the conversation list and notifications: the text
 * itself (emoji placeholders as names), '[图片]', '[文件] 名称', '[动画表情]', card and tip
 * lines, or 'xx撤回了一条消息'.
 */
export function messageSummary(message: SummarySource, viewerID: string, options: SummaryOptions = {}): string {
  if (message.isRevoked) return revokedText(message, viewerID)
  const content = contentSummary(message, viewerID)
  if (!options.withSender || message.from === viewerID || isSystemLine(message)) return content
  const sender = message.nameCard || message.nick || message.from
  return sender ? `${sender}: ${content}` : content
}

/**
 * The list line of a blacklist notice whose peer has since been taken off the blacklist: taking
 * someone off writes no message (the spec has no notice for it), and 已加入黑名单 would claim a
 * state that no longer holds.
 */
export const BLACKLIST_LIFTED_LINE = '已移出黑名单'

/** Whether the conversation's last message is the blocker's blacklist notice. */
export function endsWithBlacklistNotice(conversation: Pick<Conversation, 'lastMessage'>): boolean {
  const last = conversation.lastMessage
  return Boolean(last && !last.isRevoked && isSenderOnlyContactMessage(last.type, last.payload))
}

/**
 * The conversation list's second line: group messages of others carry their sender's name.
 * `peerBlacklisted` is whether a C2C peer is on the viewer's blacklist now, when known.
 */
export function conversationSummary(conversation: Pick<Conversation, 'type' | 'lastMessage'>, viewerID: string, peerBlacklisted?: boolean): string {
  const last = conversation.lastMessage
  if (!last) return ''
  if (peerBlacklisted === false && endsWithBlacklistNotice(conversation)) return BLACKLIST_LIFTED_LINE
  return messageSummary(last, viewerID, { withSender: conversation.type === ConvType.Group })
}

const ROBOT_ACTIONS: Record<string, string> = { add: '添加了', remove: '移除了', pause: '暂停了', resume: '恢复了' }

/** A robot change in the group (docs/bots.md): 「张三添加了群机器人 告警助手」. */
function robotTipText(op: string, robot: Record<string, unknown>): string {
  const action = str(robot, 'action')
  const name = str(robot, 'name')
  if (action === 'noAnswer') return `${name} ${ROBOT_NO_ANSWER_TEXT}`.trim()
  if (action === 'regenerate') return `${op}重置了群机器人 ${name} 的地址`
  return `${op}${ROBOT_ACTIONS[action] ?? '修改了'}群机器人 ${name}`
}
