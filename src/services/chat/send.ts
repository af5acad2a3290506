import { MESSAGE_MAX_CHARS, MESSAGE_TOO_LONG_TEXT, MsgType, SEND_MISFILED_TEXT, SendError, type OutgoingBody } from '@shared/chat'
import { UPLOAD_MAX_BYTES, UploadError, UploadKind } from '@shared/upload'
import { SendFailure } from '@/engines/chat/ChatEngine'
import type { PickedFile } from '@/platform/filePicker'
import { mediaInfo } from '@/platform/mediaInfo'
import { fromServer, highestSequence, messageKey, type UiMessage } from '@/stores/chat/uiMessage'
import { isApiError } from '../api/errors'
import type { ServiceContext } from '../context'
import { newClientMsgId } from './clientMsgId'
import { conversationTypeOf } from './conversationType'
import { sendErrorText } from './sendErrors'
import type { createUpload } from './upload'

export interface TextOptions {
  /** userIDs mentioned (group chats). */
  atUserList?: string[]
  /** JSON of the message's cloudCustomData (a quote: {messageReply}). */
  cloudCustomData?: string
}

export interface LocationInput {
  latitude: number
  longitude: number
  title: string
  detail: string
}

/** A picture or file already stored on the server (a favorite's), sent without an upload. */
export interface StoredMedia {
  kind: 'image' | 'file'
  url: string
  name: string
  size: number
}

export interface AudioRecording {
  file: PickedFile
  seconds: number
}

/** What it takes to send (again) a composed message: its body, and for media the upload still to do. */
interface Composed {
  conversationID: string
  body: OutgoingBody
  atUserList: string[]
  cloudCustomData: string
  /** Turns the picked file into the body to send; cleared once the upload has succeeded. */
  upload: ((onProgress: (fraction: number) => void) => Promise<OutgoingBody>) | null
}

/** Group messages ask for read receipts, so the sender sees 'n人已读' (the chat's read-status feature is on by default). */
function wantsReceipt(conversationID: string): boolean {
  return conversationTypeOf(conversationID) === 'GROUP'
}

function extensionOf(file: Pick<PickedFile, 'name' | 'mime'>): string {
  const fromName = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : ''
  if (fromName) return fromName.slice(0, 8)
  return (file.mime.split('/')[1] ?? '').slice(0, 8)
}

export interface SendDeps {
  uploadFile: ReturnType<typeof createUpload>['uploadFile']
  /** Spec 8: a send refused with 20007 checks the friend relation again. */
  reloadFriends(): Promise<void>
  /** The newest page in place of a window in the past. */
  showNewest(conversationID: string): Promise<void>
}

export function createSend({ engine, me, state, toast }: ServiceContext, { uploadFile, reloadFriends, showNewest }: SendDeps) {
  /** Composed messages not yet stored, by clientMsgId: what a resend needs (the file is not in the store). */
  const composed = new Map<string, Composed>()

  function localMessage(conversationID: string, clientMsgId: string, body: OutgoingBody, extra: Partial<UiMessage>): UiMessage {
    const s = state()
    const user = s.user
    return {
      ID: `local-${clientMsgId}`,
      clientMsgId,
      ...body,
      conversationID,
      conversationType: conversationTypeOf(conversationID),
      from: user?.wtId ?? '',
      nick: user?.nickName ?? '',
      nameCard: '',
      avatar: user?.avatar ?? '',
      time: Math.floor(Date.now() / 1000),
      sequence: 0,
      cloudCustomData: '',
      atUserList: [],
      needReadReceipt: wantsReceipt(conversationID),
      isRevoked: false,
      revoker: '',
      hasRiskContent: false,
      readReceiptInfo: { readCount: 0, unreadCount: 0 },
      status: 'unSend',
      progress: 0,
      // A window in the past does not hold the newest message: the conversation knows it.
      anchorSequence: Math.max(highestSequence(s.messages[conversationID]?.list ?? []), s.messages[conversationID]?.hasNewer ? (s.conversations[conversationID]?.lastSequence ?? 0) : 0),
      ...extra,
    }
  }

  function patchLocal(conversationID: string, clientMsgId: string, patch: Partial<UiMessage>): void {
    state().patchMessage(conversationID, messageKey({ ID: '', clientMsgId, from: me() }), patch)
  }

  function findLocal(conversationID: string, clientMsgId: string): UiMessage | undefined {
    const key = messageKey({ ID: '', clientMsgId, from: me() })
    return state().messages[conversationID]?.list.find((m) => messageKey(m) === key)
  }

  /** Uploads if still needed, then sends; the message ends as success (stored) or fail. */
  async function deliver(clientMsgId: string): Promise<void> {
    const job = composed.get(clientMsgId)
    if (!job) return
    const { conversationID } = job
    try {
      if (job.upload) {
        const body = await job.upload((fraction) => patchLocal(conversationID, clientMsgId, { progress: Math.min(0.99, fraction) }))
        job.body = body
        job.upload = null
        patchLocal(conversationID, clientMsgId, { payload: body.payload, progress: 1 })
      }
    } catch (err) {
      const code = isApiError(err) ? err.code : 0
      const msg = isApiError(err) ? err.msg : '上传失败'
      patchLocal(conversationID, clientMsgId, { status: 'fail', errorCode: code, errorMsg: msg })
      return
    }
    try {
      const stored = await engine().sendMessage({
        clientMsgId,
        conversationID,
        ...job.body,
        atUserList: job.atUserList,
        cloudCustomData: job.cloudCustomData,
        needReadReceipt: wantsReceipt(conversationID),
      })
      composed.delete(clientMsgId)
      if (stored.conversationID !== conversationID) {
        // Never file another conversation's message under this one: the send stays failed and visible.
        console.error('send acknowledged under another conversation', { clientMsgId, sent: conversationID, stored: stored.conversationID })
        patchLocal(conversationID, clientMsgId, { status: 'fail', errorCode: 0, errorMsg: SEND_MISFILED_TEXT })
        toast.error(SEND_MISFILED_TEXT)
        return
      }
      const local = findLocal(conversationID, clientMsgId)
      state().mergeMessages(conversationID, [fromServer(stored, local?.localUrl ? { localUrl: local.localUrl } : {})])
      state().applyConversationMessage(stored, me())
    } catch (err) {
      const failure = err instanceof SendFailure ? err : new SendFailure(0, err instanceof Error ? err.message : String(err))
      patchLocal(conversationID, clientMsgId, {
        status: 'fail',
        errorCode: failure.code,
        errorMsg: failure.msg,
        hasRiskContent: failure.hasRiskContent,
      })
      // Spec 8: 20007 (the peer has blacklisted this user) triggers a friend relation check for the peer.
      if (failure.code === SendError.Blacklisted && conversationTypeOf(conversationID) === 'C2C') void reloadFriends()
      const text = sendErrorText(failure.code, failure.msg, failure.hasRiskContent)
      if (text) toast.error(text)
      else console.warn('send refused', failure.code, failure.msg)
    }
  }

  function start(
    conversationID: string,
    body: OutgoingBody,
    options: { atUserList?: string[]; cloudCustomData?: string; upload?: Composed['upload']; localUrl?: string } = {},
  ): Promise<void> {
    const clientMsgId = newClientMsgId()
    const atUserList = options.atUserList ?? []
    const cloudCustomData = options.cloudCustomData ?? ''
    composed.set(clientMsgId, { conversationID, body, atUserList, cloudCustomData, upload: options.upload ?? null })
    const local = localMessage(conversationID, clientMsgId, body, {
      atUserList,
      cloudCustomData,
      progress: options.upload ? 0 : 1,
      ...(options.localUrl ? { localUrl: options.localUrl } : {}),
    })
    const inPast = state().messages[conversationID]?.hasNewer
    state().mergeMessages(conversationID, [local])
    // A message sent while the reader looks far back goes below the newest ones, not below that page.
    if (inPast) showNewest(conversationID).catch((err: unknown) => console.warn('loading the newest messages failed', err))
    return deliver(clientMsgId)
  }

  /**
   * The composer may send only into the conversation on screen (the store's active conversation,
   * which the chat page renders): an editor left behind on a hidden page or a stale closure never
   * sends into another conversation.
   */
  function isOnScreen(conversationID: string): boolean {
    const active = state().activeConversationID
    if (active === conversationID) return true
    console.error('composer of a conversation not on screen', { conversationID, active })
    return false
  }

  /** Text: empty or blank does nothing; over 12K is refused with the spec's toast, nothing sent. */
  function sendText(conversationID: string, text: string, opts: TextOptions = {}): Promise<void> {
    if (!text.trim()) return Promise.resolve()
    if (text.length > MESSAGE_MAX_CHARS) {
      toast.error(MESSAGE_TOO_LONG_TEXT)
      return Promise.resolve()
    }
    return start(conversationID, { type: MsgType.Text, payload: { text } }, { atUserList: opts.atUserList, cloudCustomData: opts.cloudCustomData })
  }

  /** A sticker: index = emoji group (emojiGroupID), data = its name. */
  function sendFace(conversationID: string, index: number, data: string): Promise<void> {
    return start(conversationID, { type: MsgType.Face, payload: { index, data } })
  }

  function sendLocation(conversationID: string, { latitude, longitude, title, detail }: LocationInput): Promise<void> {
    const description = JSON.stringify({ title, detail })
    return start(conversationID, { type: MsgType.Location, payload: { latitude, longitude, description } })
  }

  /** A custom card (nameCard, order, link…): data is the JSON of spec 3 "Custom message data". */
  function sendCustom(conversationID: string, data: object, description = ''): Promise<void> {
    return start(conversationID, { type: MsgType.Custom, payload: { data: JSON.stringify(data), description, extension: '' } })
  }

  /**
   * A picture or file already on the server (a favorite's): sent as that kind, nothing uploaded.
   * The picture is measured first, because the bubble reserves its box from the size.
   */
  async function sendStored(conversationID: string, stored: StoredMedia): Promise<void> {
    if (stored.kind === 'file') {
      const payload = { fileUrl: stored.url, fileName: stored.name.slice(0, 255) || '文件', fileSize: Math.max(0, Math.floor(stored.size)) }
      return start(conversationID, { type: MsgType.File, payload })
    }
    const name = stored.url.split(/[?#]/)[0]!.split('/').pop() ?? ''
    const { width, height } = await mediaInfo.imageSize({ name, size: stored.size, mime: '', localUrl: stored.url })
    const format = extensionOf({ name, mime: '' })
    return start(conversationID, { type: MsgType.Image, payload: { url: stored.url, width, height, size: Math.max(0, Math.floor(stored.size)), format } })
  }

  function tooLarge(file: PickedFile): boolean {
    if (file.size <= UPLOAD_MAX_BYTES) return false
    toast.error(UploadError.FileTooLarge.msg)
    return true
  }

  /** The bubble shows at once with the local preview and upload progress; the upload's URL is sent. */
  async function sendImage(conversationID: string, file: PickedFile): Promise<void> {
    if (tooLarge(file)) return
    const { width, height } = await mediaInfo.imageSize(file)
    const format = extensionOf(file)
    const body = { type: MsgType.Image, payload: { url: file.localUrl, width, height, size: file.size, format } } as const
    return start(conversationID, body, {
      localUrl: file.localUrl,
      upload: async (onProgress) => {
        const uploaded = await uploadFile(file, UploadKind.Image, onProgress)
        return { type: MsgType.Image, payload: { url: uploaded.url, width, height, size: uploaded.size, format } }
      },
    })
  }

  /** The poster frame is uploaded first (small), then the video with progress. */
  async function sendVideo(conversationID: string, file: PickedFile): Promise<void> {
    if (tooLarge(file)) return
    const info = await mediaInfo.videoInfo(file)
    const payload = {
      videoUrl: file.localUrl,
      snapshotUrl: info.poster?.localUrl ?? '',
      videoSecond: Math.round(info.duration * 10) / 10,
      videoSize: file.size,
      snapshotWidth: info.width,
      snapshotHeight: info.height,
    }
    return start(conversationID, { type: MsgType.Video, payload }, {
      localUrl: file.localUrl,
      upload: async (onProgress) => {
        let snapshotUrl = ''
        if (info.poster) {
          try {
            snapshotUrl = (await uploadFile(info.poster, UploadKind.Image)).url
          } catch (err) {
            // The video still plays without a poster.
            console.warn('poster upload failed', err)
          }
        }
        const uploaded = await uploadFile(file, UploadKind.Video, onProgress)
        return { type: MsgType.Video, payload: { ...payload, videoUrl: uploaded.url, snapshotUrl, videoSize: uploaded.size } }
      },
    })
  }

  async function sendFile(conversationID: string, file: PickedFile): Promise<void> {
    if (tooLarge(file)) return
    const payload = { fileUrl: file.localUrl, fileName: file.name.slice(0, 255) || 'file', fileSize: file.size }
    return start(conversationID, { type: MsgType.File, payload }, {
      localUrl: file.localUrl,
      upload: async (onProgress) => {
        const uploaded = await uploadFile(file, UploadKind.File, onProgress)
        return { type: MsgType.File, payload: { ...payload, fileUrl: uploaded.url, fileSize: uploaded.size } }
      },
    })
  }

  async function sendAudio(conversationID: string, recording: AudioRecording): Promise<void> {
    const { file } = recording
    if (tooLarge(file)) return
    const second = Math.max(1, Math.min(600, Math.round(recording.seconds)))
    const payload = { url: file.localUrl, second, size: file.size }
    return start(conversationID, { type: MsgType.Audio, payload }, {
      localUrl: file.localUrl,
      upload: async (onProgress) => {
        const uploaded = await uploadFile(file, UploadKind.Audio, onProgress)
        return { type: MsgType.Audio, payload: { url: uploaded.url, second, size: uploaded.size } }
      },
    })
  }

  /**
   * The '!' of a failed message: sends it again with the same clientMsgId (so a send that did
   * reach the server is not stored twice), uploading first if the upload was what failed. Risk
   * content is never resent (spec 4).
   */
  async function resendMessage(conversationID: string, clientMsgId: string): Promise<void> {
    const local = findLocal(conversationID, clientMsgId)
    if (!local || local.status !== 'fail' || local.hasRiskContent || !composed.has(clientMsgId)) return
    const job = composed.get(clientMsgId)!
    patchLocal(conversationID, clientMsgId, { status: 'unSend', errorCode: undefined, errorMsg: undefined, progress: job.upload ? 0 : 1 })
    return deliver(clientMsgId)
  }

  function clearComposed(): void {
    composed.clear()
  }

  return { isOnScreen, sendText, sendFace, sendLocation, sendCustom, sendStored, sendImage, sendVideo, sendFile, sendAudio, resendMessage, clearComposed }
}
