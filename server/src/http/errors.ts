import { ResultCode } from '../../../types/codes.js'

/** A failure the client should see: a result code and a human message. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const badRequest = (msg: string) => new AppError(ResultCode.BadRequest, msg)
export const unauthorized = (msg = '认证失败，无法访问系统资源') => new AppError(ResultCode.Unauthorized, msg)
export const forbidden = (msg = '当前操作没有权限') => new AppError(ResultCode.Forbidden, msg)
export const notFound = (msg = '访问资源不存在') => new AppError(ResultCode.NotFound, msg)

/** HTTP status for a result code: the standard ones map to themselves, business codes ride on 200. */
export function httpStatusFor(code: number): number {
  return code >= 400 && code < 600 ? code : 200
}
