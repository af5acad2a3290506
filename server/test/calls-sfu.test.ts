import { randomBytes, randomUUID } from 'node:crypto'
import Janode from 'janode'
import VideoRoomPlugin from 'janode/plugins/videoroom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CallSignalInput } from '../../types/call.js'
import { loadConfig } from '../src/config.js'
import { JanusSfu } from '../src/domain/calls/janusSfu.js'
import { newInviteID } from './support/calls.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { makeGroup } from './support/groups.js'
import { openStorage, startServer, type Storage, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

/**
 * Group calls through Janus VideoRoom, against a real Janus (TEST_JANUS_URL and
 * TEST_JANUS_API_SECRET; .ci/run starts one with scripts/janus.sh). Two server processes share
 * the calls: the room is derived from the inviteID in each.
 */
const JANUS_URL = process.env.TEST_JANUS_URL
// CI starts Janus (.ci/run), so there these run, never skip.
if (!JANUS_URL && process.env.CI) throw new Error('CI runs Janus, but TEST_JANUS_URL is unset')
const API_SECRET = process.env.TEST_JANUS_API_SECRET ?? ''

/** A browser's audio offer, as far as Janus reads it (its DTLS never starts here). */
function audioOffer(): string {
  const fingerprint = Array.from(randomBytes(32), (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':')
  return [
    'v=0',
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'a=msid-semantic: WMS s',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111',
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    `a=ice-ufrag:${randomBytes(4).toString('hex')}`,
    `a=ice-pwd:${randomBytes(12).toString('hex')}`,
    'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fingerprint}`,
    'a=setup:actpass',
    'a=mid:0',
    'a=sendonly',
    'a=msid:s t',
    'a=rtcp-mux',
    'a=rtpmap:111 opus/48000/2',
    'a=fmtp:111 minptime=10;useinbandfec=1',
    `a=ssrc:${1000 + Math.floor(Math.random() * 1e6)} cname:c`,
    '',
  ].join('\r\n')
}

function groupSignal(inviteID: string, groupID: string, inviter: string, invitees: string[], actionType: 1 | 2 | 3 | 4 | 5, data: Partial<CallSignalInput['data']> = {}): CallSignalInput {
  return { businessID: 1, inviteID, actionType, inviter, inviteeList: invitees, groupID, timeout: 30, data: { version: 4, call_type: 1, ...data } }
}
const sendIn = (client: ChatClient, groupID: string, s: CallSignalInput) =>
  client.send({ clientMsgId: randomUUID(), conversationID: `GROUP${groupID}`, type: 'TIMCustomElem', payload: { data: JSON.stringify(s), description: '', extension: '' } })
const sfu = (client: ChatClient, inviteID: string, payload: Record<string, unknown>) => client.probe.ws.send(JSON.stringify({ type: 'sfu', inviteID, payload }))
const sfuEvent = (kind: string, feed?: string) => (f: Record<string, unknown>) => {
  const p = f.payload as { kind?: string; feed?: string } | undefined
  return f.type === 'sfu' && p?.kind === kind && (feed === undefined || p.feed === feed)
}

describe.skipIf(!JANUS_URL)('group calls through Janus', () => {
  let storage: Storage
  let s: TestServer
  let other: TestServer
  const roomSecret = randomBytes(16).toString('hex')

  beforeAll(async () => {
    storage = await openStorage('pglite')
    const calls = { ...loadConfig({}).calls, janus: { url: JANUS_URL!, apiSecret: API_SECRET || null, roomSecret } }
    s = await startServer(storage, { calls })
    other = await startServer(storage, { calls })
  })
  afterAll(async () => {
    await other?.close()
    await s?.close()
    await storage?.close()
  })

  it('says so in the ICE config; only people in the call publish, into one room per call from either process, pinned; leaving empties and destroys it', async () => {
    const [a, b, c, d] = await Promise.all(['甲', '乙', '丙', '丁'].map((n) => registerUser(s, n)))
    expect((await s.api<{ sfu: boolean }>('/api/media/iceServers', undefined, { token: a!.token })).data.sfu).toBe(true)
    const g = await makeGroup(s, a!, [], [b!, c!, d!])
    const ca = chatClient(s, a!.token)
    const cb = chatClient(other, b!.token)
    const cc = chatClient(s, c!.token)
    const cd = chatClient(other, d!.token)
    await Promise.all([ca.ready, cb.ready, cc.ready, cd.ready])
    const id = newInviteID()
    expect((await sendIn(ca, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId, c!.wtId], 1, { data: { cmd: 'audioCall' } }))).type).toBe('ack')

    // Only people in the call use its room: not a member who was never invited, not one still ringing.
    sfu(cd, id, { kind: 'publish', sdp: audioOffer() })
    expect(await cd.next((f) => f.type === 'error')).toMatchObject({ code: 403 })
    sfu(cc, id, { kind: 'publish', sdp: audioOffer() })
    expect(await cc.next((f) => f.type === 'error')).toMatchObject({ code: 403 })

    // The caller publishes at once, on one process; the one who accepts, on the other.
    sfu(ca, id, { kind: 'publish', sdp: audioOffer() })
    const published = await ca.next(sfuEvent('published'), 15_000)
    expect(String((published.payload as { sdp: string }).sdp)).toMatch(/^v=0/)
    expect((await sendIn(cb, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId], 3))).type).toBe('ack')
    sfu(cb, id, { kind: 'publish', sdp: audioOffer() })
    await cb.next(sfuEvent('published'), 15_000)
    // Both joined the one room of the call (subscriptions follow once media flows: the browser
    // specs cover them). Janus itself takes no guess: without the pin the room refuses a publisher.
    const sfuDriver = new JanusSfu({ url: JANUS_URL!, apiSecret: API_SECRET || null, roomSecret }, async () => undefined, { warn: () => undefined })
    const { room } = sfuDriver.roomOf(id)
    const connection = await Janode.connect({ address: { url: JANUS_URL!, ...(API_SECRET ? { apisecret: API_SECRET } : {}) } })
    type Handle = {
      joinPublisher(p: Record<string, unknown>): Promise<unknown>
      listParticipants(p: Record<string, unknown>): Promise<{ participants?: Array<{ display?: string }> }>
      exists(p: Record<string, unknown>): Promise<{ exists: boolean }>
      detach(): Promise<unknown>
    }
    const session = (await connection.create()) as { attach(p: unknown): Promise<Handle>; destroy(): Promise<unknown> }
    const handle = await session.attach(VideoRoomPlugin)
    const people = async () => ((await handle.listParticipants({ room })).participants ?? []).map((p) => p.display).sort()
    expect(await people()).toEqual([a!.wtId, b!.wtId].sort())
    await expect(handle.joinPublisher({ room, display: 'guess', pin: 'guess' })).rejects.toThrow()

    // B leaves; then A ends the rest of the call (C never answered): the room is gone, and closed to A.
    await sendIn(cb, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId], 1, { call_end: 2, data: { cmd: 'hangup' } }))
    await expect.poll(people).toEqual([a!.wtId])
    await sendIn(ca, g.groupID, groupSignal(id, g.groupID, a!.wtId, [c!.wtId], 1, { call_end: 3, data: { cmd: 'hangup' } }))
    await expect.poll(async () => (await handle.exists({ room })).exists).toBe(false)
    sfu(ca, id, { kind: 'publish', sdp: audioOffer() })
    expect(await ca.next((f) => f.type === 'error')).toMatchObject({ code: 403 })
    await handle.detach().catch(() => undefined)
    await session.destroy().catch(() => undefined)
    await connection.close()
    for (const client of [ca, cb, cc, cd]) client.close()
  })
})
