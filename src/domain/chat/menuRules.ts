import { MsgType } from '@shared/chat'
import { REVOKE_WINDOW_S } from '@shared/messageOps'
import { looksLikeCallSignal } from '@shared/call'
import type { UiMessage } from '@/stores/slices/messages'
import { parseCustomContent } from './customMessage'

/** Every entry the message menu can hold, in the order it shows them. */
export const MESSAGE_ACTIONS = [
  'reaction',
  'copy',
  'open',
  'quote',
  'forward',
  'multiSelect',
  'favorite',
  'pin',
  'translate',
  'voiceToText',
  'revoke',
  'delete',
] as const
export type MessageAction = (typeof MESSAGE_ACTIONS)[number]

/** The chat feature flags of spec 6 that decide menu entries; a missing flag is on. */
export interface MenuFeatures {
  downloadFile?: boolean
  copy?: boolean
  delete?: boolean
  revoke?: boolean
  quote?: boolean
  forward?: boolean
  translate?: boolean
  voiceToText?: boolean
  multiSelect?: boolean
  emojiReaction?: boolean
}

/** The viewer's group role; null in one-to-one chats. */
export type GroupRole = 'Member' | 'Admin' | 'Owner' | null

export interface MenuInput {
  message: Pick<UiMessage, 'type' | 'payload' | 'from' | 'time' | 'status' | 'isRevoked' | 'hasRiskContent' | 'conversationType' | 'progress'>
  selfID: string
  role: GroupRole
  features?: MenuFeatures
  /** Unix seconds; the revoke and delete windows are measured against it. */
  now: number
  /** The sender's account is deleted (spec 6: no menu, no actions). */
  senderDeleted?: boolean
  /** The translation of this message is shown: the entry reads 'hide'. */
  translationShown?: boolean
  /** The voice-to-text panel of this message is shown. */
  voiceTextShown?: boolean
  /** The helper's or a yx conversation (spec 1): nothing there can be pinned. */
  specialConversation?: boolean
}

export interface MenuEntry {
  key: MessageAction
  label: string
}

const LABELS: Record<MessageAction, string> = {
  reaction: '回应',
  copy: '复制',
  open: '打开',
  quote: '引用',
  forward: '转发',
  multiSelect: '多选',
  favorite: '收藏',
  pin: '置顶',
  translate: '翻译',
  voiceToText: '转文字',
  revoke: '撤回',
  delete: '删除',
}

const FAVORITE_TYPES: ReadonlySet<string> = new Set([MsgType.Text, MsgType.Image, MsgType.Video, MsgType.File, MsgType.Location])
const OPEN_TYPES: ReadonlySet<string> = new Set([MsgType.File, MsgType.Video, MsgType.Image])

const on = (features: MenuFeatures | undefined, key: keyof MenuFeatures) => features?.[key] !== false

function isCollectNote(m: MenuInput['message']): boolean {
  return m.type === MsgType.Custom && parseCustomContent(m.payload).kind === 'collect'
}

/**
 * The actions of spec 4's menu table for one message, as this viewer sees them:
 * - open: file, video or image, if download is enabled;
 * - copy: text;
 * - revoke: own successful message under 300 s; group owners and admins also others' and older ones;
 * - delete: successful messages older than 300 s, or incoming ones;
 * - forward, multi-select: successful, non-call messages;
 * - quote: successful messages without signalling;
 * - translate: successful text ('hide' once shown); voice to text: successful audio;
 * - pin: one-to-one chats, never audio;
 * - favorite: text, image, video, file, location or an existing collect note;
 * - reaction: successful, non-call messages.
 * Revoked messages, group tips and messages of deleted accounts get no menu. Risk content offers
 * only revoke and delete: its content is not shown, so nothing else applies.
 */
export function menuActions(input: MenuInput): MenuEntry[] {
  const { message: m, selfID, role, features } = input
  if (m.isRevoked || m.type === MsgType.GroupTip || input.senderDeleted) return []
  const own = m.from === selfID
  const success = m.status === 'success'
  const age = input.now - m.time
  const manager = role === 'Admin' || role === 'Owner'
  // Anything that claims to be call signalling counts, valid or not: it is never content.
  const call = m.type === MsgType.Custom && typeof m.payload.data === 'string' && looksLikeCallSignal(m.payload.data)
  const content = success && !m.hasRiskContent
  const allowed: Record<MessageAction, boolean> = {
    reaction: content && !call && on(features, 'emojiReaction'),
    copy: content && m.type === MsgType.Text && on(features, 'copy'),
    open: content && OPEN_TYPES.has(m.type) && on(features, 'downloadFile'),
    quote: content && !call && on(features, 'quote'),
    forward: content && !call && on(features, 'forward'),
    multiSelect: content && !call && on(features, 'multiSelect'),
    favorite: content && (FAVORITE_TYPES.has(m.type) || isCollectNote(m)),
    pin: content && m.conversationType === 'C2C' && m.type !== MsgType.Audio && !call && !input.specialConversation,
    translate: content && m.type === MsgType.Text && on(features, 'translate'),
    voiceToText: content && m.type === MsgType.Audio && on(features, 'voiceToText'),
    revoke: success && on(features, 'revoke') && ((own && age < REVOKE_WINDOW_S) || (manager && m.conversationType === 'GROUP')),
    delete: success && on(features, 'delete') && (!own || age >= REVOKE_WINDOW_S),
  }
  return MESSAGE_ACTIONS.filter((key) => allowed[key]).map((key) => ({ key, label: labelOf(key, input) }))
}

function labelOf(key: MessageAction, input: MenuInput): string {
  if (key === 'translate' && input.translationShown) return '隐藏'
  if (key === 'voiceToText' && input.voiceTextShown) return '隐藏'
  return LABELS[key]
}

/** The viewer's role from the group identity (1 member, 2 admin, 3 owner); null outside groups. */
export function roleOf(identity: number | null | undefined): GroupRole {
  if (identity === 3) return 'Owner'
  if (identity === 2) return 'Admin'
  if (identity === 1) return 'Member'
  return null
}
