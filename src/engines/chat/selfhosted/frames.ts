import { ServerFrame, WS_MAX_FRAME_BYTES } from '@shared/ws'

export type FrameParse = { ok: true; frame: ServerFrame } | { ok: false; reason: string }

/** Validates one incoming text frame against the wire contract (types/ws.ts). */
export function parseServerFrame(text: string): FrameParse {
  // UTF-16 length is at most the UTF-8 byte length, so this never refuses a frame the server may send.
  if (text.length > WS_MAX_FRAME_BYTES) return { ok: false, reason: 'frame too large' }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'not JSON' }
  }
  const parsed = ServerFrame.safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, reason: `${issue?.path.join('.') || 'frame'}: ${issue?.message ?? 'invalid'}` }
  }
  return { ok: true, frame: parsed.data }
}
