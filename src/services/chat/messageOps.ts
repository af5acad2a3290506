import { MsgType, type Conversation } from '@shared/chat'
import {
  ADMIN_REVOKER,
  CollectContentType,
  COLLECT_OK_TEXT,
  COLLECT_UPLOADING_TEXT,
  FORWARD_SENSITIVE_TEXT,
  MessageOpsError,
  REVOKE_TOO_LATE_TEXT,
  type CollectionAddBody,
} from '@shared/messageOps'
import { favoriteRoutes } from '@shared/routes/favorites'
import { NoticeType } from '@shared/ws'
import type { NoticeFrame, RevokedEvent } from '@/engines/chat/ChatEngine'
import { clipboard } from '@/platform/clipboard'
import { fileOpener } from '@/platform/fileOpener'
import { messageKey, type UiMessage } from '@/stores/chat/uiMessage'
import { isApiError } from '../api/errors'
import type { ServiceContext } from '../context'
import { parseCustomContent } from '@/domain/chat/customMessage'
import type { CollectDetail } from '@/domain/favorites/collectMessage'

export const COPY_UNSUPPORTED_TEXT = 'this device does not support copy'
export const NOTHING_SELECTED_TEXT = '未选择消息'

function errorText(err: unknown, fallback: string): string {
  if (!isApiError(err)) return fallback
  if (err.code === MessageOpsError.RevokeTooLate || err.code === MessageOpsError.RevokeTooLateAlt) return REVOKE_TOO_LATE_TEXT
  if (err.code === MessageOpsError.ForwardSensitive) return FORWARD_SENSITIVE_TEXT
  return err.msg || fallback
}

export interface ForwardRequest {
  conversationID: string
  messages: UiMessage[]
  targets: string[]
  merged: boolean
  title?: string
}

/**
 * A collect card favorited again: its own kind with the same stored files (so an image stays an
 * image); a note of the user's own by its favorite id, anyone else's by its text.
 */
function collectAgain(d: CollectDetail, ownId: number, base: { collectedUserId: string; collectTitle: string }): CollectionAddBody {
  switch (d.contentType) {
    case CollectContentType.Image:
      if (d.imageUrl) return { ...base, contentType: CollectContentType.Image, imageUuid: d.imageUrl }
      break
    case CollectContentType.Video:
      if (d.videoUrl) return { ...base, contentType: CollectContentType.Video, videoUuid: d.videoUrl, snapshotUuid: d.videoImage }
      break
    case CollectContentType.File:
      if (d.fileUrl) return { ...base, contentType: CollectContentType.File, fileUuid: d.fileUrl, fileName: d.fileName, fileSize: d.fileSize }
      break
    case CollectContentType.Location:
      if (d.lat !== null && d.lng !== null) return { ...base, contentType: CollectContentType.Location, lat: d.lat, lng: d.lng, addressTitle: d.addressTitle }
      break
    default:
      break
  }
  return { ...base, contentType: CollectContentType.Note, collectTitle: d.noteContent || d.collectTitle, ...(ownId ? { id: ownId } : {}) }
}

/** The favorite add payload of spec 3 for a message; null when it cannot be a favorite. */
export function collectPayloadOf(m: UiMessage, me = ''): CollectionAddBody | null {
  const p = m.payload
  const base = { collectedUserId: m.from, collectTitle: '' }
  switch (m.type) {
    case MsgType.Text: {
      const text = String(p.text ?? '')
      return { ...base, contentType: /https?:\/\//.test(text) ? CollectContentType.Link : CollectContentType.Text, collectTitle: text }
    }
    case MsgType.Image:
      return { ...base, contentType: CollectContentType.Image, imageUuid: String(p.url ?? '') }
    case MsgType.Video:
      return {
        ...base,
        contentType: CollectContentType.Video,
        videoUuid: String(p.videoUrl ?? ''),
        snapshotUuid: String(p.snapshotUrl ?? ''),
        videoImage: String(p.snapshotUrl ?? ''),
      }
    case MsgType.File: {
      const fileName = String(p.fileName ?? 'file')
      return {
        ...base,
        contentType: CollectContentType.File,
        fileUuid: String(p.fileUrl ?? ''),
        fileName,
        fileSize: Number(p.fileSize ?? 0),
        fileType: fileName.includes('.') ? fileName.split('.').pop()!.slice(0, 32) : '',
      }
    }
    case MsgType.Location: {
      let title = ''
      try {
        title = String((JSON.parse(String(p.description ?? '{}')) as { title?: unknown }).title ?? '')
      } catch {
        title = ''
      }
      return { ...base, contentType: CollectContentType.Location, lat: Number(p.latitude), lng: Number(p.longitude), addressTitle: title, collectTitle: title }
    }
    case MsgType.Custom: {
      const c = parseCustomContent(p)
      if (c.kind !== 'collect') return null
      return collectAgain(c.detail, m.from === me ? c.detail.id : 0, base)
    }
    default:
      return null
  }
}

export function createMessageActions({ api, engine, state, toast, me: currentUser }: ServiceContext, mediaUrl: (url: string) => string) {
  /** A revoked message also changes the conversation list's last message. */
  function reviseLastMessage(conversationID: string, isRevoked: (seq: number, from: string) => boolean): void {
    const conv = state().conversations[conversationID]
    const last = conv?.lastMessage
    if (last && !last.isRevoked && isRevoked(last.sequence, last.from)) state().patchConversation(conversationID, { lastMessage: { ...last, isRevoked: true } })
  }

  function applyRevoked({ conversationID, sequence, revoker }: RevokedEvent): void {
    state().markRevoked(conversationID, (m) => m.sequence === sequence, revoker)
    reviseLastMessage(conversationID, (seq) => seq === sequence)
  }

  function groupConversationByNumber(groupNumber: string): Conversation | undefined {
    return Object.values(state().conversations).find((c) => c.groupProfile?.groupNumber === groupNumber)
  }

  /** Socket type 7: an admin revoked one message of a member (sequences) or all of theirs up to a sequence. */
  function applyWithdrawNotice(frame: NoticeFrame): void {
    if (frame.type !== NoticeType.Withdraw) return
    const conv = groupConversationByNumber(frame.groupNumber)
    if (!conv) return
    const one = frame.sequences ? new Set(frame.sequences) : null
    const hit = (seq: number, from: string) =>
      from === frame.withdrawUserWtId && (one ? one.has(seq) : seq <= frame.lastMessageSequence)
    state().markRevoked(conv.conversationID, (m) => m.type !== MsgType.GroupTip && hit(m.sequence, m.from), ADMIN_REVOKER)
    reviseLastMessage(conv.conversationID, hit)
  }

  async function revokeMessage(m: UiMessage): Promise<void> {
    try {
      const { revoker } = await engine().revokeMessage(m.conversationID, m.sequence)
      applyRevoked({ conversationID: m.conversationID, sequence: m.sequence, from: m.from, revoker })
    } catch (err) {
      toast.error(errorText(err, '撤回失败'))
    }
  }

  /** Deletes for this user; the rule (incoming, or older than 5 minutes) is the server's too. */
  async function deleteMessages(conversationID: string, messages: UiMessage[]): Promise<boolean> {
    const stored = messages.filter((m) => m.sequence > 0)
    if (!stored.length) {
      toast.info(NOTHING_SELECTED_TEXT)
      return false
    }
    try {
      await engine().deleteMessages(conversationID, stored.map((m) => m.sequence))
      state().removeMessages(conversationID, stored.map(messageKey))
      return true
    } catch (err) {
      toast.error(errorText(err, '删除失败'))
      return false
    }
  }

  async function copyMessage(m: UiMessage): Promise<void> {
    const text = typeof m.payload.text === 'string' ? m.payload.text : ''
    if (!clipboard.supported() || !(await clipboard.copyText(text))) {
      toast.error(COPY_UNSUPPORTED_TEXT)
      return
    }
    toast.success('复制成功')
  }

  async function openMessage(m: UiMessage): Promise<void> {
    const p = m.payload
    const [url, name] =
      m.type === MsgType.File
        ? [String(p.fileUrl ?? ''), String(p.fileName ?? 'file')]
        : m.type === MsgType.Video
          ? [String(p.videoUrl ?? ''), 'video.mp4']
          : [String(p.url ?? ''), `image.${String(p.format ?? 'jpg')}`]
    try {
      if (m.type === MsgType.Image) await fileOpener.saveImage(mediaUrl(url), name)
      else await fileOpener.download(mediaUrl(url), name)
    } catch (err) {
      toast.error(err instanceof Error ? err.message : '下载失败')
    }
  }

  /** Forwards stored messages; true when every target got them. The copies arrive as ordinary messages. */
  async function forwardMessages(req: ForwardRequest): Promise<boolean> {
    const sequences = req.messages.filter((m) => m.sequence > 0).map((m) => m.sequence)
    if (!sequences.length) {
      toast.info(NOTHING_SELECTED_TEXT)
      return false
    }
    try {
      const { results } = await engine().forwardMessages({
        conversationID: req.conversationID,
        sequences: sequences.sort((a, b) => a - b),
        targets: req.targets,
        merged: req.merged,
        title: req.title ?? '',
      })
      const failed = results.find((r) => r.code !== 200)
      if (failed) {
        toast.error(failed.msg || '转发失败')
        return false
      }
      toast.success('转发成功')
      return true
    } catch (err) {
      toast.error(errorText(err, '转发失败'))
      return false
    }
  }

  async function collectMessages(messages: UiMessage[]): Promise<void> {
    if (!messages.length) {
      toast.info(NOTHING_SELECTED_TEXT)
      return
    }
    if (messages.some((m) => m.status === 'unSend' || m.progress < 1)) {
      toast.info(COLLECT_UPLOADING_TEXT)
      return
    }
    const me = currentUser()
    const bodies = messages.map((m) => collectPayloadOf(m, me)).filter((b): b is CollectionAddBody => b !== null)
    if (!bodies.length) {
      toast.info('所选消息不能收藏')
      return
    }
    try {
      for (const body of bodies) await api.call(favoriteRoutes.collectionAdd, body, { silent: true })
      toast.success(COLLECT_OK_TEXT)
    } catch (err) {
      toast.error(errorText(err, '收藏失败'))
    }
  }

  return { applyRevoked, applyWithdrawNotice, revokeMessage, deleteMessages, copyMessage, openMessage, forwardMessages, collectMessages }
}
