import { describe, expect, it } from 'vitest'
import { CALL_LIMITS, CallSignal, type CallSignalInput } from '../../types/call.js'
import type { OutgoingMessage } from '../../types/chat.js'
import { carriesDuration, connectedSeconds, withCallEnd } from '../src/domain/calls/duration.js'
import { closingMessages, type LiveCallRow } from '../src/domain/calls/ending.js'

const signal = (actionType: 1 | 2 | 3 | 4 | 5, data: Partial<CallSignalInput['data']> = {}, groupID = ''): CallSignal =>
  CallSignal.parse({ businessID: 1, inviteID: 'call-00000001', actionType, inviter: 'a', inviteeList: ['b'], groupID, timeout: 30, data: { version: 4, call_type: 1, ...data } })

describe('the duration a call record carries', () => {
  it('is whole seconds of the server-measured connection, 0 when nobody answered, at most a day', () => {
    expect(connectedSeconds(null)).toBe(0)
    expect(connectedSeconds(0)).toBe(0)
    expect(connectedSeconds(7.999)).toBe(7)
    expect(connectedSeconds(65.2)).toBe(65)
    // A clock step between the accept and the hang up never makes it negative.
    expect(connectedSeconds(-3.5)).toBe(0)
    expect(connectedSeconds(Number.NaN)).toBe(0)
    expect(connectedSeconds(CALL_LIMITS.callEndMaxSeconds + 10)).toBe(CALL_LIMITS.callEndMaxSeconds)
    // What it gives always fits the call message contract.
    expect(signal(1, { call_end: connectedSeconds(1e9), data: { cmd: 'hangup' } }).data.call_end).toBe(86_400)
  })

  it('is the server\'s to write on a one-to-one hang up only: not on cancel, reject, timeout, invites or group steps', () => {
    expect(carriesDuration(signal(1, { call_end: 0, data: { cmd: 'hangup' } }))).toBe(true)
    expect(carriesDuration(signal(1, { data: { cmd: 'hangup' } }))).toBe(true)
    // Readers show an invite with a call_end as a duration card too.
    expect(carriesDuration(signal(1, { call_end: 500 }))).toBe(true)
    expect(carriesDuration(signal(1, { data: { cmd: 'audioCall' } }))).toBe(false)
    for (const action of [2, 3, 4, 5] as const) expect(carriesDuration(signal(action, { call_end: 9 }))).toBe(false)
    expect(carriesDuration(signal(1, { call_end: 9, data: { cmd: 'hangup' } }, 'g1'))).toBe(false)
  })

  it('replaces call_end in the stored data and keeps everything else the sender wrote', () => {
    const data = JSON.stringify({ ...signal(1, { call_end: 3600, data: { cmd: 'hangup' } }), extra: 'kept' })
    const msg: OutgoingMessage = { clientMsgId: 'c1', conversationID: 'C2Cb', type: 'TIMCustomElem', payload: { data, description: 'd', extension: '' }, cloudCustomData: '', atUserList: [], needReadReceipt: false }
    const stored = withCallEnd(msg, 7)
    expect(stored).toMatchObject({ clientMsgId: 'c1', conversationID: 'C2Cb', payload: { description: 'd' } })
    const parsed = JSON.parse((stored.payload as { data: string }).data) as Record<string, unknown>
    expect(parsed).toEqual({ ...JSON.parse(data), data: { version: 4, call_type: 1, call_end: 7, data: { cmd: 'hangup' } } })
    // The message the sender passed is left as it was.
    expect(JSON.parse((msg.payload as { data: string }).data).data.call_end).toBe(3600)
  })

  it('gives a logout\'s closing hang up the same measure, and 0 to a call nobody answered', () => {
    const row = (over: Partial<LiveCallRow>): LiveCallRow => ({ invite_id: 'call-1', inviter: 'a', invitees: ['b'], group_id: '', media_type: 1, timeout_s: 30, status: 'connected', connected_for: 12.7, in_call: true, ...over })
    expect(closingMessages([row({})], 'b')[0]!.signal.data.call_end).toBe(12)
    expect(closingMessages([row({ connected_for: null })], 'a')[0]!.signal.data.call_end).toBe(0)
  })
})
