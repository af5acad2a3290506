import type { z } from 'zod'
import { OutgoingMessage } from '@shared/chat'
import { SingleServerFrame, type ServerFrame } from '@shared/frames'
import { WS_MAX_FRAME_BYTES } from '@shared/ws'
import type { OutgoingMessageInput } from '../ChatEngine'

export type FrameParse = { ok: true; frame: ServerFrame } | { ok: false; reason: string }

function reasonOf(error: z.ZodError, what = 'frame'): string {
  const issue = error.issues[0]
  return `${issue?.path.join('.') || what}: ${issue?.message ?? 'invalid'}`
}

/**
 * A batch keeps its valid frames in order (nested batches flattened): one bad frame inside it is
 * reported to onInvalid and dropped on its own, so the rest of the tick still arrives.
 */
function parseBatch(frames: unknown, onInvalid: (reason: string) => void): FrameParse {
  if (!Array.isArray(frames)) return { ok: false, reason: 'frames: expected an array' }
  const out: SingleServerFrame[] = []
  frames.forEach((inner: unknown, i) => {
    if (typeof inner !== 'object' || inner === null) return onInvalid(`frames.${i}: expected an object`)
    if ((inner as { type?: unknown }).type === 'batch') {
      const nested = parseBatch((inner as { frames?: unknown }).frames, onInvalid)
      if (!nested.ok) return onInvalid(`frames.${i}.${nested.reason}`)
      if (nested.frame.type === 'batch') out.push(...nested.frame.frames)
      return
    }
    const parsed = SingleServerFrame.safeParse(inner)
    if (parsed.success) out.push(parsed.data)
    else onInvalid(`frames.${i}.${reasonOf(parsed.error)}`)
  })
  return { ok: true, frame: { type: 'batch', frames: out } }
}

/** Validates one incoming text frame against the wire contract (types/frames.ts). */
export function parseServerFrame(text: string, onInvalid: (reason: string) => void = () => undefined): FrameParse {
  // UTF-16 length is at most the UTF-8 byte length, so this never refuses a frame the server may send.
  if (text.length > WS_MAX_FRAME_BYTES) return { ok: false, reason: 'frame too large' }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'not JSON' }
  }
  if (typeof data !== 'object' || data === null) return { ok: false, reason: 'frame: expected an object' }
  if ((data as { type?: unknown }).type === 'batch') return parseBatch((data as { frames?: unknown }).frames, onInvalid)
  const parsed = SingleServerFrame.safeParse(data)
  return parsed.success ? { ok: true, frame: parsed.data } : { ok: false, reason: reasonOf(parsed.error) }
}

export type OutgoingCheck = { ok: true; message: OutgoingMessage } | { ok: false; reason: string }

/** Validates a message before it is sent, against the same schema the server applies to it. */
export function checkOutgoingMessage(input: OutgoingMessageInput): OutgoingCheck {
  const parsed = OutgoingMessage.safeParse(input)
  return parsed.success ? { ok: true, message: parsed.data } : { ok: false, reason: reasonOf(parsed.error, 'message') }
}

/** The engine's checks against the wire contract: what the H5 build loads on the first login. */
export interface WireChecks {
  parseServerFrame: typeof parseServerFrame
  checkOutgoingMessage: typeof checkOutgoingMessage
}
