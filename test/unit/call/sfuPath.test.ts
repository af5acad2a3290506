import type { SfuRequest } from '@shared/call'
import { sfuPath } from '@/engines/call/mediaPath'
import type { CallStream, PeerLinkEvents, PeerLinkRole } from '@/platform/media'
import { fakeCallMedia } from '../helpers/fakeCallEngine'

const flush = () => new Promise((r) => setTimeout(r, 0))

function setup() {
  const media = fakeCallMedia()
  const roles: PeerLinkRole[] = []
  const links: Array<{ events: PeerLinkEvents; close: jest.Mock; acceptAnswer: jest.Mock; acceptOffer: jest.Mock; refile: jest.Mock; streamOf?: (mid: string) => string }> = []
  ;(media.createPeerLink as jest.Mock).mockImplementation((opts: { role?: PeerLinkRole; streamOf?: (mid: string) => string }, events: PeerLinkEvents) => {
    roles.push(opts.role ?? 'peer')
    const link = {
      createOffer: async () => 'publish-offer',
      localSdp: () => 'publish-offer',
      acceptOffer: jest.fn(async (sdp: string) => `answer-to-${sdp}`),
      acceptAnswer: jest.fn(async () => undefined),
      addCandidate: jest.fn(async () => undefined),
      dropVideo: jest.fn(),
      refile: jest.fn(),
      stats: async () => ({
        audioLevel: 0.5,
        localAudioLevel: 0.25,
        rttMs: 10,
        packetsLost: 0,
        packetsReceived: 9,
        inbound: [
          { mid: '0', kind: 'audio' as const, audioLevel: 0.5, packetsLost: 1, packetsReceived: 4 },
          { mid: '1', kind: 'video' as const, audioLevel: 0, packetsLost: 0, packetsReceived: 5 },
          { mid: '2', kind: 'audio' as const, audioLevel: 0.1, packetsLost: 0, packetsReceived: 3 },
        ],
      }),
      close: jest.fn(),
    }
    links.push({ events, close: link.close, acceptAnswer: link.acceptAnswer, acceptOffer: link.acceptOffer, refile: link.refile, streamOf: opts.streamOf })
    return link
  })
  const sent: SfuRequest[] = []
  const streams: string[] = []
  const states: string[] = []
  const local: CallStream = { id: 'local', setEnabled: jest.fn(), stop: jest.fn() }
  const path = sfuPath(media, local, [], {
    sfu: (r) => {
      sent.push(r)
    },
    remoteStream: (userId) => streams.push(userId),
    linkState: (userId, state) => states.push(`${userId} ${state}`),
  })
  return { path, roles, links, sent, streams, states }
}

describe('the SFU media path', () => {
  it('publishes once, receives everyone on one subscription renegotiated as publishers come, and asks for the layer each tile needs', async () => {
    const { path, roles, links, sent, streams, states } = setup()
    await flush()
    expect(roles).toEqual(['publish'])
    // Made ahead (an invitee ringing), the publication and its candidates wait for publish().
    links[0]!.events.onIceCandidate({ candidate: 'early', sdpMid: '0', sdpMLineIndex: 0 })
    expect(sent).toEqual([])
    // Layers known before the publication go with it; one changed before Janus answers it waits for that answer.
    path.setLayer('c', 1)
    await path.publish()
    await path.publish()
    expect(sent).toEqual([{ kind: 'publish', sdp: 'publish-offer', layers: { c: 1 } }])
    path.setLayer('b', 2)
    expect(sent).toHaveLength(1)
    await path.handleSfu({ kind: 'published', sdp: 'janus-answer' })
    expect(links[0]!.acceptAnswer).toHaveBeenCalledWith('janus-answer')
    // Before b is in the subscription: the SFU starts b's video at that layer.
    expect(sent.slice(1)).toEqual([{ kind: 'layer', feed: 'b', substream: 2 }])
    sent.splice(1)

    let answered = false
    void path.answered().then(() => (answered = true))
    await flush()
    expect(answered).toBe(false)
    await path.handleSfu({ kind: 'offer', sdp: 'sub-1', streams: [{ mid: '0', feed: 'b' }, { mid: '1', feed: 'b' }] })
    await flush()
    // The engine waits for this before it draws the call screen.
    expect(answered).toBe(true)
    expect(roles).toEqual(['publish', 'subscribe'])
    expect(sent.slice(1)).toEqual([{ kind: 'answer', sdp: 'answer-to-sub-1' }])
    // Tracks are filed by their m-line's participant.
    const sub = links[1]!
    expect([sub.streamOf!('0'), sub.streamOf!('1'), sub.streamOf!('9')]).toEqual(['b', 'b', ''])
    sub.events.onRemoteStream({ id: 'rb', setEnabled: jest.fn(), stop: jest.fn() }, 'b')
    expect(streams).toEqual(['b'])
    sub.events.onStateChange('connected')
    expect(states).toEqual(['b connected'])
    // Candidates name their link.
    links[0]!.events.onIceCandidate({ candidate: 'c0', sdpMid: '0', sdpMLineIndex: 0 })
    sub.events.onIceCandidate({ candidate: 'c1', sdpMid: '0', sdpMLineIndex: 0 })
    expect(sent.slice(2)).toEqual([
      { kind: 'candidate', link: 'publish', candidate: 'c0', sdpMid: '0', sdpMLineIndex: 0 },
      { kind: 'candidate', link: 'subscribe', candidate: 'c1', sdpMid: '0', sdpMLineIndex: 0 },
    ])

    // A publisher added later renegotiates the same link: no new one, and it counts as connected at once.
    await path.handleSfu({ kind: 'offer', sdp: 'sub-2', streams: [{ mid: '0', feed: 'b' }, { mid: '1', feed: 'b' }, { mid: '2', feed: 'c' }] })
    expect(roles).toHaveLength(2)
    expect(sub.acceptOffer).toHaveBeenLastCalledWith('sub-2')
    expect(sent.slice(4)).toEqual([{ kind: 'answer', sdp: 'answer-to-sub-2' }])
    expect(states).toEqual(['b connected', 'c connected'])

    // Someone who rang accepts: m-lines held without a name (3, 4) are theirs from now on, no new offer.
    expect(sub.streamOf!('3')).toBe('')
    await path.handleSfu({ kind: 'named', streams: [{ mid: '3', feed: 'd' }, { mid: '4', feed: 'd' }] })
    expect([sub.streamOf!('3'), sub.streamOf!('4')]).toEqual(['d', 'd'])
    expect(sub.refile).toHaveBeenCalledWith(['3', '4'])
    expect(states).toEqual(['b connected', 'c connected', 'd connected'])
    expect(roles).toHaveLength(2)

    // The same layer again is not asked twice; a new one is.
    path.setLayer('b', 2)
    path.setLayer('b', 0)
    expect(sent.slice(5)).toEqual([{ kind: 'layer', feed: 'b', substream: 0 }])
    // Levels per participant, from their m-lines; our own microphone from the publication.
    const stats = await path.stats()
    expect(stats.get('b')).toMatchObject({ audioLevel: 0.5, localAudioLevel: 0.25, packetsLost: 1, packetsReceived: 9 })
    expect(stats.get('c')).toMatchObject({ audioLevel: 0.1, packetsReceived: 3 })

    // Peers are not linked to each other on this path.
    await path.connect('d', true)
    expect(roles).toHaveLength(2)
    await path.handleSfu({ kind: 'gone', feed: 'b' })
    expect(sub.streamOf!('0')).toBe('')
    expect([...(await path.stats()).keys()]).toEqual(['c'])
    path.close()
    expect(links[0]!.close).toHaveBeenCalled()
    expect(sub.close).toHaveBeenCalled()
  })

  it('publishes again when the first request could not go out', async () => {
    const media = fakeCallMedia()
    ;(media.createPeerLink as jest.Mock).mockImplementation(() => ({ createOffer: async () => 'o', localSdp: () => 'o', close: jest.fn() }))
    const sent: SfuRequest[] = []
    let up = false
    const path = sfuPath(media, { id: 'local', setEnabled: jest.fn(), stop: jest.fn() }, [], {
      sfu: (r) => {
        if (up) sent.push(r)
        return up
      },
      remoteStream: () => undefined,
      linkState: () => undefined,
    })
    await path.publish()
    up = true
    await path.publish()
    await path.publish()
    expect(sent).toEqual([{ kind: 'publish', sdp: 'o' }])
  })

  it('takes a fresh offer (the SFU started the subscription over) on a new link, closing the old one', async () => {
    const { path, roles, links, sent } = setup()
    await path.publish()
    await path.handleSfu({ kind: 'offer', sdp: 'sub-1', streams: [{ mid: '0', feed: 'b' }], fresh: true })
    expect(roles).toEqual(['publish', 'subscribe'])
    await path.handleSfu({ kind: 'offer', sdp: 'sub-2', streams: [{ mid: '0', feed: 'b' }, { mid: '1', feed: 'c' }], fresh: true })
    expect(roles).toEqual(['publish', 'subscribe', 'subscribe'])
    expect(links[1]!.close).toHaveBeenCalled()
    expect(links[2]!.acceptOffer).toHaveBeenCalledWith('sub-2')
    expect(sent.filter((r) => r.kind === 'answer')).toEqual([
      { kind: 'answer', sdp: 'answer-to-sub-1' },
      { kind: 'answer', sdp: 'answer-to-sub-2' },
    ])
    // A renegotiation (not fresh) stays on the link.
    await path.handleSfu({ kind: 'offer', sdp: 'sub-3', streams: [{ mid: '0', feed: 'b' }] })
    expect(roles).toHaveLength(3)
    path.close()
  })
})
