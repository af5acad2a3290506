import { describe, expect, it } from 'vitest'
import * as ws from 'ws'
import { textFrame } from '../src/realtime/gateway.js'

/** ws's own framing (exported at run time, not in its type declarations). */
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: Record<string, unknown>): Array<Buffer | string> } }

/** What ws itself writes for a server's text message (header and payload), joined. */
function wsFrame(text: string): Buffer {
  const parts = Sender.frame(Buffer.from(text), { fin: true, opcode: 1, mask: false, readOnly: false })
  return Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)))
}

describe('frames written to the socket by the gateway', () => {
  it('are byte for byte what ws writes, for each length encoding', () => {
    // 7-bit, 16-bit and 64-bit lengths, their edges, and text whose UTF-8 is longer than its UTF-16.
    for (const text of ['', 'a', 'x'.repeat(125), 'x'.repeat(126), '消'.repeat(42), '消'.repeat(43), 'y'.repeat(65_535), 'y'.repeat(65_536), '群'.repeat(30_000)]) {
      expect(textFrame(text).equals(wsFrame(text))).toBe(true)
    }
  })
})
