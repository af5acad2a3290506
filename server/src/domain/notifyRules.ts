import { CallAction, CallCmd, callSignalOfData, type CallSignal } from '../../../types/call.js'
import { ConvType, KIND_SUMMARY_LABEL, MsgType, SummaryLabel, type Message } from '../../../types/chat.js'
import { isSenderOnlyContactMessage } from '../../../types/friends.js'
import { AT_ALL_TAG } from '../../../types/plain/messageOps.js'
import { countsAsUnread } from '../../../types/callSteps.js'

/**
 * Who is told about what while their app is closed, and with which words. Pure rules, shared by
 * every channel that reaches a closed app (Web Push today; a mini-program's subscription
 * messages could ask the same questions).
 */

/** Spec 9: the title of every notification is the product's name. */
export const NOTIFY_TITLE = '微谈'
export const NEW_MESSAGE_TEXT = '你有新消息'
export const FRIEND_APPLY_TEXT = '你有新的好友申请'
export const CALL_INVITE_TEXT = { audio: '邀请你语音通话', video: '邀请你视频通话' } as const
/** A preview is cut to this many characters, so the notification stays one line and the payload small. */
export const PREVIEW_MAX_CHARS = 60

export const newMessagesText = (n: number): string => (n <= 1 ? NEW_MESSAGE_TEXT : `你有 ${n} 条新消息`)

/** How long a push service keeps a push for a device that is away (seconds). */
export const NOTIFY_TTL_SECONDS = { message: 12 * 3600, call: 30, callEnd: 30, friendApply: 12 * 3600 } as const
export type NotifyKind = keyof typeof NOTIFY_TTL_SECONDS

/** What one channel knows about a recipient of a message when deciding whether to tell them. */
export interface RecipientFacts {
  /** Any socket of theirs open on any device: the open app notifies itself. */
  online: boolean
  /** The account-wide notification setting (spec 9 allowNotifications). */
  allowNotifications: boolean
  /** The conversation is muted (消息免打扰, in a group or one-to-one). */
  muted: boolean
  /** The conversation sits in the folded list. */
  folded: boolean
  /** The recipient has the sender on their blacklist. */
  blacklisted: boolean
  /** The message @-mentions them (by name or @所有人). */
  mentioned: boolean
}

/**
 * Whether a new message reaches a closed app. Muted, folded and blacklisted conversations stay
 * silent; an @-mention still rings through a muted group, as people expect of a mention, but
 * never through the blacklist or a fold (the fold is where the user put what they never look at).
 */
export function shouldNotifyMessage(f: RecipientFacts): boolean {
  if (f.online || !f.allowNotifications || f.blacklisted || f.folded) return false
  if (f.muted) return f.mentioned
  return true
}

export const mentions = (message: Pick<Message, 'atUserList'>, wtId: string): boolean =>
  message.atUserList.includes(wtId) || message.atUserList.includes(AT_ALL_TAG)

/** What a message is to a closed app: an ordinary message, a step of a call, or nothing. */
export type MessageNotice = { kind: 'message' } | { kind: 'callInvite'; signal: CallSignal } | { kind: 'callEnd'; signal: CallSignal } | { kind: 'none' }

export function noticeOf(message: Pick<Message, 'type' | 'payload' | 'isRevoked'>): MessageNotice {
  if (message.isRevoked || message.type === MsgType.GroupTip) return { kind: 'none' }
  if (isSenderOnlyContactMessage(message.type, message.payload)) return { kind: 'none' }
  if (message.type === MsgType.Custom) {
    const signal = callSignalOfData(message.payload.data)
    if (signal) {
      const cmd = signal.data.data?.cmd
      if (signal.actionType !== CallAction.Invite) return { kind: 'callEnd', signal }
      // The hang-up of a connected call travels as an invite with cmd 'hangup': an end too. A switch
      // to audio changes a call already answered.
      if (cmd === CallCmd.Hangup) return { kind: 'callEnd', signal }
      return cmd === CallCmd.SwitchToAudio ? { kind: 'none' } : { kind: 'callInvite', signal }
    }
  }
  return countsAsUnread(message.type, message.payload) ? { kind: 'message' } : { kind: 'none' }
}

/** Whom a call message concerns besides its sender: the invitees, or for the caller's end every invitee. */
export function callAudience(signal: CallSignal, sender: string): string[] {
  return [...new Set([signal.inviter, ...signal.inviteeList])].filter((id) => id !== sender)
}

const KIND_LABEL: Partial<Record<string, string>> = { ...KIND_SUMMARY_LABEL, [MsgType.Custom]: SummaryLabel.Message }

/** One line of a message for a preview: text cut short, anything else by its kind. */
export function previewOf(message: Pick<Message, 'type' | 'payload'>): string {
  if (message.type === MsgType.Text) {
    const text = typeof message.payload.text === 'string' ? message.payload.text.replace(/\s+/g, ' ').trim() : ''
    const chars = [...text]
    return chars.length > PREVIEW_MAX_CHARS ? `${chars.slice(0, PREVIEW_MAX_CHARS).join('')}…` : text
  }
  return KIND_LABEL[message.type] ?? SummaryLabel.Message
}

export interface MessageWording {
  title: string
  body: string
}

/**
 * The words of a message notification. Without previews (the default) nobody looking over a
 * shoulder learns who wrote or what: 你有新消息 / 你有 N 条新消息 for the unread of that
 * conversation. With previews: the sender's name (and the group's) and a short preview.
 */
export function messageWording(
  message: Pick<Message, 'type' | 'payload' | 'conversationType' | 'nick' | 'nameCard'>,
  unread: number,
  previews: boolean,
  groupName = '',
): MessageWording {
  if (!previews) return { title: NOTIFY_TITLE, body: newMessagesText(unread) }
  const sender = message.nameCard || message.nick
  const preview = previewOf(message)
  if (message.conversationType === ConvType.Group) return { title: groupName || NOTIFY_TITLE, body: `${sender}: ${preview}` }
  return { title: sender || NOTIFY_TITLE, body: preview }
}

/** The words of a call invite: who calls and how, or only that someone does without previews. */
export function callWording(signal: CallSignal, callerName: string, previews: boolean): MessageWording {
  const how = signal.data.call_type === 2 ? CALL_INVITE_TEXT.video : CALL_INVITE_TEXT.audio
  return { title: NOTIFY_TITLE, body: previews && callerName ? `${callerName} ${how}` : `有人${how}` }
}

export const MISSED_CALL_TEXT = { audio: '未接语音通话', video: '未接视频通话' } as const

/** A call nobody answered: the caller cancelled it while it rang, or it rang out. */
export const isMissedCall = (signal: CallSignal): boolean => signal.actionType === CallAction.Cancel || signal.actionType === CallAction.Timeout

/** The words of a missed call: who called only with previews. */
export function missedCallWording(signal: CallSignal, callerName: string, previews: boolean): MessageWording {
  const what = signal.data.call_type === 2 ? MISSED_CALL_TEXT.video : MISSED_CALL_TEXT.audio
  return { title: previews && callerName ? callerName : NOTIFY_TITLE, body: `你有一个${what}` }
}
