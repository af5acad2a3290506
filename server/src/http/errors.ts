import type { FastifyError } from 'fastify'
import { ResultCode } from '../../../types/codes.js'
import type { ApiEnvelope } from '../../../types/envelope.js'
import { Refusal, UNKNOWN_ERROR_TEXT } from '../domain/refusal.js'
import { describeValidationError } from './validation.js'

/** HTTP status for a result code: the standard ones map to themselves, business codes ride on 200. */
export function httpStatusFor(code: number): number {
  return code >= 400 && code < 600 ? code : 200
}

export interface ErrorReply {
  status: number
  body: ApiEnvelope<null>
  /** Nothing the client did explains it: worth a log line. */
  unexpected: boolean
}

/** Fastify's own refusals, in the words of the product; the rest keep Fastify's message. */
const FASTIFY_CLIENT_ERROR_TEXT: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是合法的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不是合法的 JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求体类型',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址过长',
  FST_ERR_BAD_URL: '请求地址不正确',
}

const fastifyClientErrorText = (err: FastifyError) => FASTIFY_CLIENT_ERROR_TEXT[err.code] ?? err.message

/** The envelope (and HTTP status) of whatever a route threw: the one place errors meet HTTP. */
export function errorReply(err: unknown): ErrorReply {
  if (err instanceof Refusal) {
    return { status: httpStatusFor(err.code), body: { code: err.code, msg: err.message, data: null }, unexpected: false }
  }
  const fe = err as FastifyError
  const validation = describeValidationError(fe)
  if (validation) return { status: 400, body: { code: ResultCode.BadRequest, msg: validation, data: null }, unexpected: false }
  const status = fe.statusCode ?? 500
  if (status >= 400 && status < 500) return { status, body: { code: status, msg: fastifyClientErrorText(fe), data: null }, unexpected: false }
  return { status: 500, body: { code: ResultCode.ServerError, msg: UNKNOWN_ERROR_TEXT, data: null }, unexpected: true }
}
