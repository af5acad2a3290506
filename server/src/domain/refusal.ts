import { ResultCode } from '../../../types/codes.js'

/**
 * A rule of the domain said no: a result code of the contract and the sentence the user reads.
 * It names no transport; the HTTP error handler turns it into the envelope and the socket into
 * an `error` frame (or a send's `nack`), so domain code is the same whoever calls it.
 */
export class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'Refusal'
  }
}

/** One of the contract's `{code, msg}` refusals (types/friends.ts, types/upload.ts). */
export const refuse = (e: { code: number; msg: string }) => new Refusal(e.code, e.msg)

export const badRequest = (msg: string) => new Refusal(ResultCode.BadRequest, msg)
export const unauthorized = (msg = '认证失败，无法访问系统资源') => new Refusal(ResultCode.Unauthorized, msg)
export const forbidden = (msg = '当前操作没有权限') => new Refusal(ResultCode.Forbidden, msg)
export const notFound = (msg = '访问资源不存在') => new Refusal(ResultCode.NotFound, msg)
export const conflict = (msg: string) => new Refusal(ResultCode.Conflict, msg)

/** What the user reads when something failed that no rule foresaw (the details go to the log). */
export const UNKNOWN_ERROR_TEXT = '系统未知错误，请反馈给管理员'
