import { APP_VERSION, ResultCode, SESSION_ENDING_CODES } from '@shared/codes'
import { miscRoutes } from '@shared/routes/misc'
import { API_BASE_PATH } from '@shared/routes/route'
import { isOwnUploadUrl, UPLOAD_FILE_PATH, UPLOAD_MAX_BYTES, UploadError, type UploadKind, type UploadResult } from '@shared/upload'
import type { PickedFile } from '@/platform/filePicker'
import { HttpFailure } from '@/platform/httpFailure'
import { upload } from '@/platform/upload'
import { visitor } from '@/platform/visitor'
import { ApiError, errorText, NETWORK_ERROR_TEXT, SESSION_ENDED_TEXT, TIMEOUT_ERROR_TEXT, ClientErrorCode } from '../api/errors'
import type { ServiceContext } from '../context'

/** Large files on slow links take long; the 60 s API timeout would cut them off. */
export const UPLOAD_TIMEOUT_MS = 30 * 60_000

function envelopeOf(data: unknown): { code: number; msg: string; data: unknown } | null {
  if (typeof data !== 'object' || data === null) return null
  const { code, msg } = data as { code?: unknown; msg?: unknown }
  if (typeof code !== 'number') return null
  return { code, msg: typeof msg === 'string' ? msg : '', data: (data as { data?: unknown }).data ?? null }
}

function isUploadResult(data: unknown): data is UploadResult {
  return typeof data === 'object' && data !== null && typeof (data as UploadResult).url === 'string'
}

export function createUpload({ state, toast }: ServiceContext, endSession: (why: string) => void) {
  /**
   * POST /api/oss/upload (multipart `file`, field `kind`) with progress 0..1. Rejects with an
   * ApiError after showing its toast (the server's message, spec 8: 'upload failed' with the
   * server msg); session-ending codes end the session as any /api call does.
   */
  async function uploadFile(file: PickedFile, kind: UploadKind, onProgress?: (fraction: number) => void): Promise<UploadResult> {
    if (file.size > UPLOAD_MAX_BYTES) {
      toast.error(UploadError.FileTooLarge.msg)
      throw new ApiError(UploadError.FileTooLarge.code, UploadError.FileTooLarge.msg, true)
    }
    const token = state().user?.token
    if (!token) throw new ApiError(ResultCode.Unauthorized, SESSION_ENDED_TEXT, false)
    let statusCode: number
    let data: unknown
    try {
      ;({ statusCode, data } = await upload.upload({
        url: `${API_BASE}${API_BASE_PATH}${miscRoutes.upload.path}`,
        file,
        fieldName: 'file',
        fields: { kind },
        header: { Authorization: `Bearer ${token}`, 'Device-Id': visitor.deviceId(), 'App-Version': APP_VERSION },
        onProgress,
        timeout: UPLOAD_TIMEOUT_MS,
      }))
    } catch (err) {
      const timedOut = err instanceof HttpFailure && err.kind === 'timeout'
      const text = timedOut ? TIMEOUT_ERROR_TEXT : NETWORK_ERROR_TEXT
      toast.error(text)
      throw new ApiError(timedOut ? ClientErrorCode.Timeout : ClientErrorCode.Network, text, true)
    }
    const body = envelopeOf(data)
    if (body?.code === ResultCode.Ok && isUploadResult(body.data)) {
      onProgress?.(1)
      return body.data
    }
    const code = body ? body.code : statusCode
    if (SESSION_ENDING_CODES.includes(code)) {
      const text = body?.msg || SESSION_ENDED_TEXT
      toast.error(text)
      endSession(text)
      throw new ApiError(code, text, true)
    }
    const text = errorText(code, body?.msg ?? '')
    toast.error(text)
    throw new ApiError(code, text, true)
  }

  /**
   * A URL that <Image>, <Video> and downloads can load: the server's paths get its address, and
   * its files the session token in the query (tags cannot send headers); other URLs (blob:,
   * data:, http) pass as they are.
   */
  function mediaUrl(url: string): string {
    // The server's other pictures (the default avatars) need no session but its address: in the
    // mini-program, which has no origin, a bare /api/… path would be looked up inside the package.
    if (url.startsWith(`${API_BASE_PATH}/`) && !url.startsWith(UPLOAD_FILE_PATH)) return API_BASE + url
    // Already loadable (an avatar passed through here by its caller and again by <Avatar>).
    if (!url.startsWith(UPLOAD_FILE_PATH) || /[?&]t=/.test(url)) return url
    const token = state().user?.token
    if (!token) return API_BASE + url
    const sep = url.includes('?') ? '&' : '?'
    return `${API_BASE}${url}${sep}t=${encodeURIComponent(token)}`
  }

  /**
   * A message's media as the bubble loads it: only this server's uploads. Anything else (a
   * tracking pixel, a `javascript:` address) is never fetched, whoever stored it.
   */
  function messageMediaUrl(url: string): string {
    return isOwnUploadUrl(url) ? mediaUrl(url) : ''
  }

  return { uploadFile, mediaUrl, messageMediaUrl }
}
