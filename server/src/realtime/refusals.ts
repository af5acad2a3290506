import { ResultCode } from '../../../types/codes.js'
import type { ChatServerFrame, SingleServerFrame } from '../../../types/frames.js'
import { SendFailure } from '../domain/messages.js'
import { Refusal, UNKNOWN_ERROR_TEXT } from '../domain/refusal.js'

/**
 * The socket's side of a refusal (the HTTP side is http/errors.ts). A frame whose handling
 * threw is answered with an `error` frame: a refusal says why, anything else is the server's.
 */
export function errorFrameFor(err: unknown): Extract<SingleServerFrame, { type: 'error' }> {
  return err instanceof Refusal
    ? { type: 'error', code: err.code, msg: err.message }
    : { type: 'error', code: ResultCode.ServerError, msg: UNKNOWN_ERROR_TEXT }
}

/** A refused send is answered with its `nack`, which names the message and whether moderation flagged it. */
export function nackFor(clientMsgId: string, refusal: Refusal): Extract<ChatServerFrame, { type: 'nack' }> {
  return { type: 'nack', clientMsgId, code: refusal.code, msg: refusal.message, hasRiskContent: refusal instanceof SendFailure && refusal.hasRisk, message: null }
}
