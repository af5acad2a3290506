import { randomBytes, randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import Janode from 'janode'
import VideoRoomPlugin from 'janode/plugins/videoroom'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs'
import type { CallSignalInput } from '../../types/call.js'
import { loadConfig } from '../src/config.js'
import { JanusSfu } from '../src/adapters/janus/sfu.js'
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

/**
 * Real media for Janus (it announces a publisher only once its media is up): each person's
 * peer connections in a page of Chromium with a fake camera, offers and answers made once ICE has
 * gathered (Janus gets every candidate in the description, so nothing trickles).
 */
const PAGE_SCRIPT = `
  const links = {}
  const gathered = (pc) => new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve()
    pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve())
    setTimeout(resolve, 3000)
  })
  window.publishOffer = async (name) => {
    const raw = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: 320, height: 240 } })
    const pc = (links[name] = new RTCPeerConnection({ bundlePolicy: 'max-bundle' }))
    for (const t of raw.getTracks()) pc.addTransceiver(t, { direction: 'sendonly', streams: [raw] })
    await pc.setLocalDescription(await pc.createOffer())
    await gathered(pc)
    return pc.localDescription.sdp
  }
  window.takeAnswer = (name, sdp) => links[name].setRemoteDescription({ type: 'answer', sdp })
  window.answerOffer = async (name, sdp, fresh) => {
    if (fresh && links[name]) links[name].close()
    const pc = (links[name] = fresh || !links[name] ? new RTCPeerConnection({ bundlePolicy: 'max-bundle' }) : links[name])
    await pc.setRemoteDescription({ type: 'offer', sdp })
    await pc.setLocalDescription(await pc.createAnswer())
    await gathered(pc)
    return pc.localDescription.sdp
  }
  window.linkState = (name) => (links[name] ? links[name].connectionState : 'none')
  window.bytesIn = async (name) => {
    let n = 0
    if (links[name]) (await links[name].getStats()).forEach((r) => { if (r.type === 'inbound-rtp') n += r.bytesReceived })
    return n
  }
  window.bytesByMid = async (name) => {
    const out = {}
    if (links[name]) (await links[name].getStats()).forEach((r) => { if (r.type === 'inbound-rtp' && r.mid !== undefined) out[r.mid] = (out[r.mid] || 0) + r.bytesReceived })
    return out
  }
  window.mids = (name) => (links[name] ? links[name].getTransceivers().map((t) => t.mid).filter((m) => m !== null) : [])
`
type Offer = { sdp: string; streams: Array<{ mid: string; feed: string }>; fresh?: boolean }
const offersTo = (client: ChatClient) => client.events().filter(sfuEvent('offer')).map((f) => f.payload as Offer)
const feedsOf = (offers: Offer[]) => [...new Set(offers.flatMap((o) => o.streams.map((st) => st.feed)))].sort()

let browser: Browser | undefined
/** What PAGE_SCRIPT puts on the page's window. */
type PageApi = {
  publishOffer(n: string): Promise<string>
  takeAnswer(n: string, s: string): Promise<void>
  answerOffer(n: string, s: string, fresh?: boolean): Promise<string>
  linkState(n: string): string
  bytesIn(n: string): Promise<number>
  bytesByMid(n: string): Promise<Record<string, number>>
  mids(n: string): string[]
}

/** Chromium pages for `people`, driven as their browsers would drive the call's SFU frames. */
async function mediaPages(url: string, id: string, people: string[]) {
  browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  // A page on the server's own origin: loopback is a secure context, so the fake camera opens.
  const pages = new Map<string, Page>()
  for (const who of people) {
    const page = await browser.newPage()
    await page.goto(`${url}/`).catch(() => undefined)
    await page.addScriptTag({ content: PAGE_SCRIPT })
    pages.set(who, page)
  }
  const page = (who: string) => pages.get(who)!
  return {
    /** Publishes `who`'s camera through `client` and applies Janus's answer. */
    async publish(who: string, client: ChatClient) {
      const offer = await page(who).evaluate(() => (window as unknown as PageApi).publishOffer('pub'))
      sfu(client, id, { kind: 'publish', sdp: offer })
      const answer = await client.next(sfuEvent('published'), 15_000)
      await page(who).evaluate((sdp) => (window as unknown as PageApi).takeAnswer('pub', sdp), (answer.payload as { sdp: string }).sdp)
    },
    /** Answers the subscription offers `client` gets from the `from`th on, in order, as the browser would; returns its stop. */
    answering(who: string, client: ChatClient, from = 0) {
      let seen = from
      let stopped = false
      const loop = (async () => {
        while (!stopped) {
          const offers = offersTo(client)
          for (const o of offers.slice(seen)) sfu(client, id, { kind: 'answer', sdp: await page(who).evaluate((x) => (window as unknown as PageApi).answerOffer('sub', x.sdp, x.fresh), o) })
          seen = offers.length
          await new Promise((r) => setTimeout(r, 50))
        }
      })()
      return async () => {
        stopped = true
        await loop
      }
    },
    linkState: (who: string, name: string) => page(who).evaluate((n) => (window as unknown as PageApi).linkState(n), name),
    bytesIn: (who: string) => page(who).evaluate(() => (window as unknown as PageApi).bytesIn('sub')),
    /** Bytes received on each m-line of `who`'s subscription that no offer named (held for someone ringing). */
    async unnamedBytes(who: string, client: ChatClient) {
      const named = new Set(offersTo(client).flatMap((o) => o.streams.map((st) => st.mid)))
      const mids = (await page(who).evaluate(() => (window as unknown as PageApi).mids('sub'))).filter((m) => !named.has(m))
      const bytes = await page(who).evaluate(() => (window as unknown as PageApi).bytesByMid('sub'))
      return { mids, bytes: mids.reduce((n, m) => n + (bytes[m] ?? 0), 0) }
    },
    bytesOn: async (who: string, mids: string[]) => {
      const bytes = await page(who).evaluate(() => (window as unknown as PageApi).bytesByMid('sub'))
      return mids.reduce((n, m) => n + (bytes[m] ?? 0), 0)
    },
  }
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
    await browser?.close()
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

    // Only people in the call use its room, not a member who was never invited (one still ringing
    // may publish, shown to nobody: the next test).
    sfu(cd, id, { kind: 'publish', sdp: audioOffer() })
    expect(await cd.next((f) => f.type === 'error')).toMatchObject({ code: 403 })

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

  it('a ringing invitee publishes before the accept; every subscription takes it held and unnamed, and its own takes everyone held; the accept names it and lets it all send with no new offer; a refusal takes it away', async () => {
    const [a, b, c, d, e] = await Promise.all(['甲', '乙', '丙', '丁', '戊'].map((n) => registerUser(s, n)))
    const g = await makeGroup(s, a!, [], [b!, c!, d!, e!])
    const [ca, cb, cc, cd, ce] = [chatClient(s, a!.token), chatClient(s, b!.token), chatClient(other, c!.token), chatClient(s, d!.token), chatClient(other, e!.token)]
    await Promise.all([ca, cb, cc, cd, ce].map((client) => client.ready))
    const id = newInviteID()
    const { publish, answering, linkState, bytesIn, unnamedBytes, bytesOn } = await mediaPages(s.url, id, ['a', 'b', 'c'])
    expect((await sendIn(ca, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId, c!.wtId, e!.wtId], 1, { call_type: 2, data: { cmd: 'videoCall' } }))).type).toBe('ack')
    const stops = [answering('a', ca), answering('b', cb), answering('c', cc)]

    // C rings (on the other process) and publishes at once: its media reaches Janus.
    await publish('c', cc)
    await expect.poll(() => linkState('c', 'pub'), { timeout: 15_000 }).toBe('connected')
    // A member never invited still gets nothing.
    sfu(cd, id, { kind: 'publish', sdp: audioOffer() })
    expect(await cd.next((f) => f.type === 'error')).toMatchObject({ code: 403 })

    // A (the caller) and B (who accepts) publish; each receives the other. C, who still rings, is
    // in their subscriptions on m-lines no offer names, which send nothing. C's own subscription
    // takes A and B, every m-line held.
    await publish('a', ca)
    expect((await sendIn(cb, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId], 3))).type).toBe('ack')
    await publish('b', cb)
    await expect.poll(() => feedsOf(offersTo(ca)), { timeout: 15_000 }).toEqual([b!.wtId])
    await expect.poll(() => feedsOf(offersTo(cb)), { timeout: 15_000 }).toEqual([a!.wtId])
    await expect.poll(() => feedsOf(offersTo(cc)), { timeout: 15_000 }).toEqual([a!.wtId, b!.wtId].sort())
    await expect.poll(() => linkState('b', 'sub'), { timeout: 15_000 }).toBe('connected')
    await expect.poll(() => linkState('c', 'sub'), { timeout: 15_000 }).toBe('connected')
    await expect.poll(async () => (await unnamedBytes('a', ca)).mids.length, { timeout: 15_000 }).toBe(2)
    await expect.poll(async () => (await unnamedBytes('b', cb)).mids.length, { timeout: 15_000 }).toBe(2)
    await expect.poll(() => bytesIn('b'), { timeout: 15_000 }).toBeGreaterThan(0)
    // Long enough for media to reach the held m-lines if Janus sent any.
    await new Promise((r) => setTimeout(r, 1500))
    expect(feedsOf([...offersTo(ca), ...offersTo(cb), ...cb.events().filter(sfuEvent('named')).map((f) => f.payload as Offer)])).not.toContain(c!.wtId)
    expect((await unnamedBytes('a', ca)).bytes).toBe(0)
    expect((await unnamedBytes('b', cb)).bytes).toBe(0)
    expect(await bytesIn('c')).toBe(0)
    const held = { a: (await unnamedBytes('a', ca)).mids, b: (await unnamedBytes('b', cb)).mids }
    const offersBefore = { a: offersTo(ca).length, b: offersTo(cb).length, c: offersTo(cc).length }

    // C accepts: A and B are told the held m-lines are C's, and C's media flows on them; C's
    // subscription sends. Nobody gets a new offer.
    expect((await sendIn(cc, g.groupID, groupSignal(id, g.groupID, a!.wtId, [c!.wtId], 3))).type).toBe('ack')
    for (const [client, who] of [[ca, 'a'], [cb, 'b']] as const) {
      const named = (await client.next(sfuEvent('named'), 15_000)).payload as Offer
      expect(named.streams.map((st) => st.feed)).toEqual([c!.wtId, c!.wtId])
      expect(named.streams.map((st) => st.mid).sort()).toEqual([...held[who]].sort())
      await expect.poll(() => bytesOn(who, held[who]), { timeout: 15_000 }).toBeGreaterThan(0)
    }
    await expect.poll(() => bytesIn('c'), { timeout: 15_000 }).toBeGreaterThan(0)
    expect({ a: offersTo(ca).length, b: offersTo(cb).length, c: offersTo(cc).length }).toEqual(offersBefore)
    for (const stop of stops) await stop()

    // E rings and publishes, then refuses: the publication goes, never shown.
    const sfuDriver = new JanusSfu({ url: JANUS_URL!, apiSecret: API_SECRET || null, roomSecret }, async () => undefined, { warn: () => undefined })
    const { room } = sfuDriver.roomOf(id)
    const connection = await Janode.connect({ address: { url: JANUS_URL!, ...(API_SECRET ? { apisecret: API_SECRET } : {}) } })
    type Handle = { listParticipants(p: Record<string, unknown>): Promise<{ participants?: Array<{ display?: string }> }>; exists(p: Record<string, unknown>): Promise<{ exists: boolean }>; detach(): Promise<unknown> }
    const session = (await connection.create()) as { attach(p: unknown): Promise<Handle>; destroy(): Promise<unknown> }
    const handle = await session.attach(VideoRoomPlugin)
    const displays = async () => ((await handle.listParticipants({ room })).participants ?? []).map((p) => p.display ?? '').sort()
    expect(await displays()).toEqual([a!.wtId, b!.wtId, c!.wtId].sort())
    sfu(ce, id, { kind: 'publish', sdp: audioOffer() })
    await ce.next(sfuEvent('published'), 15_000)
    const ringing = (await displays()).filter((x) => ![a!.wtId, b!.wtId, c!.wtId].includes(x))
    expect(ringing).toHaveLength(1)
    expect(ringing[0]).toMatch(/^ringing:/)
    expect(ringing[0]).not.toContain(e!.wtId)
    expect((await sendIn(ce, g.groupID, groupSignal(id, g.groupID, a!.wtId, [e!.wtId], 4))).type).toBe('ack')
    await expect.poll(displays).toEqual([a!.wtId, b!.wtId, c!.wtId].sort())
    sfu(ce, id, { kind: 'publish', sdp: audioOffer() })
    expect(await ce.next((f) => f.type === 'error')).toMatchObject({ code: 403 })

    // The call ends: its room goes with it.
    for (const [client, who] of [[cb, b], [cc, c]] as const) await sendIn(client, g.groupID, groupSignal(id, g.groupID, a!.wtId, [who!.wtId], 1, { call_end: 2, data: { cmd: 'hangup' } }))
    await expect.poll(async () => (await handle.exists({ room })).exists).toBe(false)
    await handle.detach().catch(() => undefined)
    await session.destroy().catch(() => undefined)
    await connection.close()
    for (const client of [ca, cb, cc, cd, ce]) client.close()
  })

  it('an offer the browser never answers stops holding the subscription: it starts over with every publisher, on a new link', async () => {
    const logged: string[] = []
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logged.push(String(chunk))
        done()
      },
    })
    const quick = await startServer(storage, { calls: { ...loadConfig({}).calls, janus: { url: JANUS_URL!, apiSecret: API_SECRET || null, roomSecret, offerAnswerMs: 1500 } } }, { logStream })
    try {
      const [a, b, c] = await Promise.all(['甲', '乙', '丙'].map((n) => registerUser(quick, n)))
      const g = await makeGroup(quick, a!, [], [b!, c!])
      const [ca, cb, cc] = [a!, b!, c!].map((u) => chatClient(quick, u.token))
      await Promise.all([ca!, cb!, cc!].map((client) => client.ready))
      const id = newInviteID()
      const { publish, answering, linkState, bytesIn } = await mediaPages(quick.url, id, ['a', 'b', 'c'])
      expect((await sendIn(ca!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId, c!.wtId], 1, { call_type: 2, data: { cmd: 'videoCall' } }))).type).toBe('ack')
      await publish('a', ca!)
      await sendIn(cb!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId], 3))
      await publish('b', cb!)
      const stops = [answering('b', cb!), answering('c', cc!)]
      // A gets B in an offer and never answers it; then C comes.
      await expect.poll(() => feedsOf(offersTo(ca!)), { timeout: 15_000 }).toEqual([b!.wtId])
      await sendIn(cc!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [c!.wtId], 3))
      await publish('c', cc!)
      await expect.poll(() => linkState('c', 'pub'), { timeout: 15_000 }).toBe('connected')
      // Janus makes no new offer while one waits: after the wait the subscription starts over with both.
      await expect.poll(() => logged.some((l) => l.includes('sfu subscription offer not answered')), { timeout: 15_000 }).toBe(true)
      await expect.poll(() => offersTo(ca!).length, { timeout: 15_000 }).toBe(2)
      expect(offersTo(ca!).map((o) => o.fresh)).toEqual([true, true])
      expect(feedsOf([offersTo(ca!)[1]!])).toEqual([b!.wtId, c!.wtId].sort())
      // A's browser lost the first offer: it answers the new one only.
      stops.push(answering('a', ca!, 1))
      await expect.poll(() => bytesIn('a'), { timeout: 15_000 }).toBeGreaterThan(0)
      for (const stop of stops) await stop()
      for (const client of [ca!, cb!, cc!]) client.close()
    } finally {
      await quick.close()
    }
  })
})
