import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ClientMsgId, OutgoingBody } from '../../types/chat.js'
import { ClientFrame, RtcClientFrame, SfuClientFrame } from '../../types/frames.js'
import { CONTROL_CHAR_TEXT, controlCharPath, hasControlChars } from '../../types/text.js'

/*
 * Every client frame is checked against ClientFrame, so its schema is kept cheap to run. These
 * tests hold it to the straightforward definition it replaced: a send's message as the
 * intersection of its body and its envelope, and a control-character search that tracks the path
 * of every value it visits. Both must accept and refuse the same frames, with the same first
 * issue (the one the error or nack frame names).
 */

/** Depth first, the last child first, each object's keys checked when it is reached: the order of the original walk. */
function referencePath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return hasControlChars(value) ? path : null
  if (value === null || typeof value !== 'object') return null
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value)
  for (const [key] of entries) if (typeof key === 'string' && hasControlChars(key)) return [...path, key]
  for (const [key, item] of entries.reverse()) {
    const found = referencePath(item, [...path, key])
    if (found) return found
  }
  return null
}

const referenceHasControlChars = (s: string) => [...s].some((ch) => {
  const c = ch.charCodeAt(0)
  if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) return true
  return (c <= 0x1f && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)
})

const ReferenceMessage = z.intersection(
  OutgoingBody,
  z.object({
    clientMsgId: ClientMsgId,
    conversationID: z.string().regex(/^(C2C|GROUP).{1,64}$/, 'conversationID must start with C2C or GROUP'),
    cloudCustomData: z.string().max(4096).default(''),
    atUserList: z.array(z.string().max(64)).max(100).default([]),
    needReadReceipt: z.boolean().default(false),
  }),
)
const ConversationIDRef = z.string().regex(/^(C2C|GROUP).{1,64}$/, 'conversationID must start with C2C or GROUP')
const ReferenceClientFrame = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('ping'), ts: z.number() }),
    z.object({ type: z.literal('send'), message: ReferenceMessage }),
    z.object({ type: z.literal('typing'), conversationID: ConversationIDRef, typing: z.boolean() }),
    z.object({ type: z.literal('read'), conversationID: ConversationIDRef, sequence: z.number().int().min(0) }),
    z.object({ type: z.literal('receipt'), conversationID: ConversationIDRef, sequences: z.array(z.number().int().min(1)).min(1).max(100) }),
    RtcClientFrame,
    SfuClientFrame,
  ])
  .superRefine((parsed, ctx) => {
    const path = referencePath(parsed)
    if (path) ctx.addIssue({ code: 'custom', path, message: CONTROL_CHAR_TEXT })
  })

const base = { clientMsgId: 'abcdefgh-1234', conversationID: 'C2C10000002' }
const bodies: Array<Record<string, unknown>> = [
  { type: 'TIMTextElem', payload: { text: '你好' } },
  { type: 'TIMFaceElem', payload: { index: 1, data: 'tt00' } },
  { type: 'TIMImageElem', payload: { url: '/api/oss/file/img-1', width: 10, height: 20, size: 300, format: 'png' } },
  { type: 'TIMVideoFileElem', payload: { videoUrl: '/api/oss/file/vid-1', videoSecond: 3, videoSize: 1000 } },
  { type: 'TIMSoundElem', payload: { url: '/api/oss/file/snd-1', second: 4, size: 10 } },
  { type: 'TIMFileElem', payload: { fileUrl: '/api/oss/file/doc-1', fileName: '合同.pdf', fileSize: 100 } },
  { type: 'TIMLocationElem', payload: { latitude: 39.9, longitude: 116.4, description: '{"title":"北京"}' } },
  { type: 'TIMRelayElem', payload: { title: '聊天记录', abstractList: ['a: b'], messageList: [{ from: 'a' }] } },
  { type: 'TIMCustomElem', payload: { data: '{"k":1}' } },
]
const send = (message: Record<string, unknown>) => ({ type: 'send', message })
const sends = bodies.map((b) => send({ ...base, ...b }))

const frames: unknown[] = [
  ...sends,
  send({ ...base, ...bodies[0], cloudCustomData: '{"quote":1}', atUserList: ['10000003'], needReadReceipt: true, extra: 'dropped' }),
  send({ ...base, type: 'TIMTextElem', payload: { text: '' } }),
  send({ ...base, type: 'TIMTextElem', payload: { text: 'a'.repeat(30_000) } }),
  send({ ...base, type: 'TIMTextElem', payload: { text: 'bell\u0007' } }),
  send({ ...base, type: 'TIMTextElem', payload: { text: 'tab\tnew\nline\r ok' } }),
  send({ ...base, type: 'TIMTextElem', payload: { text: 'emoji 😀 ok' } }),
  send({ ...base, type: 'TIMTextElem', payload: { text: 'lone \ud83d high' } }),
  send({ ...base, type: 'TIMTextElem', payload: { text: 'lone \ude00 low' } }),
  send({ ...base, type: 'TIMTextElem', payload: { text: 'c1 \u0085 control' } }),
  send({ ...base, type: 'TIMTextElem', payload: { text: 'del \u007f' } }),
  send({ ...base, ...bodies[7], payload: { title: 't', abstractList: [], messageList: [{ 'k\u0000': 'v' }] } }),
  send({ ...base, ...bodies[7], payload: { title: 't', abstractList: [], messageList: [{ deep: [{ deeper: 'x\u001b' }] }] } }),
  send({ ...base, ...bodies[0], atUserList: ['ok', 'bad\u0001'] }),
  send({ ...base, ...bodies[0], cloudCustomData: 'x'.repeat(5000) }),
  send({ ...base, ...bodies[0], clientMsgId: 'short' }),
  send({ ...base, ...bodies[0], clientMsgId: 'has space in it' }),
  send({ ...base, ...bodies[0], clientMsgId: 'fw-0123456789' }),
  send({ ...base, ...bodies[0], conversationID: 'X10000002' }),
  send({ ...base, ...bodies[0], conversationID: 'C2C' }),
  send({ ...base, type: 'TIMGroupTipElem', payload: { operationType: 1 } }),
  send({ ...base, type: 'TIMTextElem' }),
  send({ ...base, payload: { text: 'no type' } }),
  send({ type: 'TIMTextElem', payload: { text: 'no envelope' } }),
  send({ ...base, type: 'TIMFaceElem', payload: { index: 9, data: '' } }),
  send({ ...base, type: 'TIMImageElem', payload: { url: 'javascript:alert(1)', width: 1, height: 1, size: 1, format: 'png' } }),
  send({ ...base, type: 'TIMLocationElem', payload: { latitude: 91, longitude: 0, description: '' }, clientMsgId: 1 }),
  send(null as unknown as Record<string, unknown>),
  { type: 'send' },
  { type: 'ping', ts: 1 },
  { type: 'ping', ts: 'soon' },
  { type: 'ping' },
  { type: 'typing', conversationID: 'C2C10000002', typing: true },
  { type: 'typing', conversationID: 'C2C10000002', typing: 'yes' },
  { type: 'typing', conversationID: 'C2C\u0000x', typing: true },
  { type: 'read', conversationID: 'GROUP@TGS#1', sequence: 3 },
  { type: 'read', conversationID: 'GROUP@TGS#1', sequence: -1 },
  { type: 'read', conversationID: 'GROUP@TGS#1', sequence: 1.5 },
  { type: 'receipt', conversationID: 'GROUP@TGS#1', sequences: [1, 2] },
  { type: 'receipt', conversationID: 'GROUP@TGS#1', sequences: [] },
  { type: 'teleport' },
  { ping: 1 },
  [],
  'ping',
  null,
]

function outcome(schema: z.ZodType, frame: unknown) {
  const parsed = schema.safeParse(frame)
  if (parsed.success) return { ok: true, data: parsed.data }
  const first = parsed.error.issues[0]!
  return { ok: false, path: first.path, message: first.message }
}

describe('client frame validation', () => {
  it.each(frames.map((f) => [JSON.stringify(f).slice(0, 90), f]))('%s: accepted or refused as before, with the same first issue', (_label, frame) => {
    expect(outcome(ClientFrame, frame)).toEqual(outcome(ReferenceClientFrame, frame))
  })

  it('accepts every kind of message a client may send', () => {
    for (const frame of sends) expect(ClientFrame.safeParse(frame).success).toBe(true)
  })

  it('finds the same control character, at the same path, as a walk that tracks every path', () => {
    const values: unknown[] = [
      'clean',
      { a: ['x', { b: 'y\u0002' }], c: 'z' },
      { 'key\u007f': 1 },
      [['\ud800']],
      { a: 'x\u0001', b: ['y\u0002'] },
      { nested: { deeper: { deepest: ['ok', 'ok', 'no\u009f'] } } },
      { n: 1, b: true, z: null },
    ]
    for (const v of values) expect(controlCharPath(v)).toEqual(referencePath(v))
  })

  it('judges every code unit as the character-by-character rule does', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const s = `a${String.fromCharCode(c)}b`
      expect(hasControlChars(s)).toBe(referenceHasControlChars(s))
    }
    expect(hasControlChars('😀')).toBe(false)
    expect(hasControlChars('\ud83d\ud83d')).toBe(true)
  })

  it("takes a publication's layers for at most a call's people, each 0, 1 or 2", () => {
    const publish = (layers: unknown) => ({ type: 'sfu', inviteID: 'call-abcdef', payload: { kind: 'publish', sdp: 'v=0', layers } })
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`1000000${i}`, (i % 3) as 0 | 1 | 2]))
    expect(ClientFrame.safeParse(publish(nine)).success).toBe(true)
    expect(ClientFrame.safeParse({ type: 'sfu', inviteID: 'call-abcdef', payload: { kind: 'publish', sdp: 'v=0' } }).success).toBe(true)
    expect(outcome(ClientFrame, publish({ ...nine, '10000009': 1 }))).toMatchObject({ ok: false, message: 'layers: 最多 9 项' })
    expect(outcome(ClientFrame, publish({ '10000001': 3 }))).toMatchObject({ ok: false })
    expect(outcome(ClientFrame, publish({ '': 1 }))).toMatchObject({ ok: false })
  })

  it('checks hot frames without intersections, which parse every value twice and merge the halves', () => {
    const kinds = new Set<string>()
    const seen = new Set<unknown>()
    const walk = (node: unknown) => {
      if (node === null || typeof node !== 'object' || seen.has(node)) return
      seen.add(node)
      const def = (node as { _zod?: { def?: { type?: string } } })._zod?.def
      if (def?.type) kinds.add(def.type)
      for (const value of Object.values(def ?? node)) walk(value)
    }
    walk(ClientFrame)
    expect(kinds).toContain('object')
    expect(kinds).not.toContain('intersection')
  })
})
