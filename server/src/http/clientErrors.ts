import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { ApiEnvelope } from '../../../types/envelope.js'

/**
 * A complete HTTP/1.1 answer in the envelope, for the places that answer on the raw socket
 * because no request object exists yet (Node refused the request line or headers, or a socket
 * upgrade was refused).
 */
export function rawEnvelopeResponse(status: number, msg: string): string {
  const body = JSON.stringify({ code: status, msg, data: null } satisfies ApiEnvelope<null>)
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  )
}

/** Node's parser refusals, in the words of the product. */
const PARSER_REFUSALS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, '请求头过大'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, '请求超时'],
}

/**
 * Fastify's clientErrorHandler: a request Node could not parse (a URL or header past the 16 KB
 * limit: 431; anything malformed: 400) is answered in the envelope and the connection closed.
 * A socket already gone gets nothing.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const [status, msg] = PARSER_REFUSALS[err.code ?? ''] ?? [400, '请求格式不正确']
  socket.end(rawEnvelopeResponse(status, msg))
}
