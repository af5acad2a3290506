import { ServerFrame, WS_MAX_FRAME_BYTES } from '@shared/ws'
import { CHAT_FRAME_TYPES, parseChatFrame, type CheckedBatch, type SingleChatFrame } from './chatFrames'

/** Every frame the engine handles: the notification frames of types/ws.ts and the chat frames. */
export type IncomingFrame = ServerFrame | SingleChatFrame | CheckedBatch

export type FrameParse = { ok: true; frame: IncomingFrame } | { ok: false; reason: string }

/**
 * Validates one incoming text frame against the wire contract (types/ws.ts, types/chat.ts). A
 * chat batch keeps its valid frames; invalid frames inside it are reported to onInvalid.
 */
export function parseServerFrame(text: string, onInvalid?: (reason: string) => void): FrameParse {
  // UTF-16 length is at most the UTF-8 byte length, so this never refuses a frame the server may send.
  if (text.length > WS_MAX_FRAME_BYTES) return { ok: false, reason: 'frame too large' }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'not JSON' }
  }
  if (typeof data !== 'object' || data === null) return { ok: false, reason: 'frame: expected an object' }
  if (CHAT_FRAME_TYPES.has(String((data as { type?: unknown }).type))) return parseChatFrame(data, onInvalid)
  const parsed = ServerFrame.safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, reason: `${issue?.path.join('.') || 'frame'}: ${issue?.message ?? 'invalid'}` }
  }
  return { ok: true, frame: parsed.data }
}
