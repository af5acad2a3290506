import { ResultCode } from '@shared/codes'

/** Spec section 8 "HTTP": the codes with a fixed text; any other code shows the server's msg. */
export const ERROR_TEXT: Readonly<Record<number, string>> = {
  [ResultCode.Unauthorized]: '认证失败，无法访问系统资源',
  [ResultCode.Forbidden]: '当前操作没有权限',
  [ResultCode.NotFound]: '访问资源不存在',
}
export const DEFAULT_ERROR_TEXT = '系统未知错误，请反馈给管理员'
/** Shown when a session-ending code carries no usable message. */
export const SESSION_ENDED_TEXT = '登录状态已失效，请重新登录'
export const NETWORK_ERROR_TEXT = '后端接口连接异常'
export const TIMEOUT_ERROR_TEXT = '系统接口请求超时'

/** Codes of failures that never reached the server's answer. */
export const ClientErrorCode = {
  /** No connection to the server. */
  Network: 0,
  /** No answer within the timeout. */
  Timeout: 408,
} as const

/** The text the catalogue shows for a failed call: the table first, then the server's msg. */
export function errorText(code: number, serverMsg: string): string {
  return ERROR_TEXT[code] ?? (serverMsg || DEFAULT_ERROR_TEXT)
}

/**
 * A rejected /api call. `msg` is the text to show (for a login answered 712: the two-factor
 * ticket); `handled` says the catalogue already acted on it (toast shown or session ended), so the
 * caller need not show it again.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly handled: boolean,
  ) {
    super(msg)
    this.name = 'ApiError'
  }
}

export function isApiError(err: unknown, code?: number): err is ApiError {
  return err instanceof ApiError && (code === undefined || err.code === code)
}
