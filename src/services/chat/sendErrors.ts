import { MESSAGE_TOO_LONG_TEXT, SendError } from '@shared/chat'
import { UploadError } from '@shared/upload'
import { LocalSendError } from '@/engines/chat/ChatEngine'

/** Spec 8 "Send errors": codes that are only logged, never shown. */
const LOGGED_ONLY: readonly number[] = [80003, 20006]

/** Texts for codes whose server message is not the one to show (spec 8). */
const FIXED_TEXT: Readonly<Record<number, string>> = {
  [SendError.Banned]: '封禁期间无法向其他用户发送消息',
  [SendError.TooLong]: MESSAGE_TOO_LONG_TEXT,
  [SendError.TooLongAlt]: MESSAGE_TOO_LONG_TEXT,
  [SendError.TooLongBody]: MESSAGE_TOO_LONG_TEXT,
  [SendError.InvalidImage]: UploadError.InvalidImage.msg,
  [SendError.BannedFile]: UploadError.BannedFile.msg,
  [SendError.FileNotFound]: UploadError.FileNotFound.msg,
  [SendError.FileTooLarge]: UploadError.FileTooLarge.msg,
}

/** Shown when a code has neither a fixed text nor a server message. */
const FALLBACK_TEXT: Readonly<Record<number, string>> = {
  [SendError.Muted]: '您已被禁言',
  [SendError.BlockedWord]: '消息中包含违禁词，发送失败',
  [SendError.SensitiveText]: '消息中包含敏感内容，发送失败',
  [SendError.SensitiveImage]: '图片中包含敏感内容，发送失败',
  [SendError.Deactivated]: '对方账号已注销，无法发送消息',
  [SendError.Blacklisted]: '对方已将你拉黑，消息无法送达',
  [SendError.NotMember]: '你已不在该群聊中，无法发送消息',
  [LocalSendError.Timeout]: '消息发送超时，请重试',
}

export const SEND_FAILED_TEXT = '消息发送失败'

/**
 * The toast of a refused send (spec 8), or null when it is only logged. Risk content (80001 /
 * 80004 with hasRiskContent) is shown on the bubble itself, so it gives no toast either; 10017
 * keeps the server's wording ('全员禁言中' or '您已被禁言').
 */
export function sendErrorText(code: number, serverMsg: string, hasRiskContent = false): string | null {
  if (LOGGED_ONLY.includes(code)) return null
  if (hasRiskContent) return null
  if (code === LocalSendError.Cancelled) return null
  return FIXED_TEXT[code] ?? (serverMsg || FALLBACK_TEXT[code] || SEND_FAILED_TEXT)
}
