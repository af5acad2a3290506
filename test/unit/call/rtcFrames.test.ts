import { parseServerFrame } from '@/engines/chat/selfhosted/frames'

describe('negotiation frames on the chat channel', () => {
  it('an rtc frame alone and inside a batch both pass; a malformed one is dropped', () => {
    const rtc = { type: 'rtc', inviteID: 'call-12345678', from: '10000002', payload: { kind: 'answer', sdp: 'v=0' } }
    expect(parseServerFrame(JSON.stringify(rtc))).toEqual({ ok: true, frame: rtc })
    const invalid: string[] = []
    const batch = parseServerFrame(JSON.stringify({ type: 'batch', frames: [rtc, { ...rtc, payload: { kind: 'nope' } }] }), (r) => invalid.push(r))
    expect(batch).toEqual({ ok: true, frame: { type: 'batch', frames: [rtc] } })
    expect(invalid).toHaveLength(1)
  })
})
