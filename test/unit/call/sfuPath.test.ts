import type { SfuRequest } from '@shared/call'
import { sfuPath } from '@/engines/call/mediaPath'
import type { CallStream, PeerLinkEvents, PeerLinkRole } from '@/platform/media'
import { fakeCallMedia } from '../helpers/fakeCallEngine'

const flush = () => new Promise((r) => setTimeout(r, 0))

function setup() {
  const media = fakeCallMedia()
  const roles: PeerLinkRole[] = []
  const links: Array<{ events: PeerLinkEvents; close: jest.Mock; acceptAnswer: jest.Mock }> = []
  ;(media.createPeerLink as jest.Mock).mockImplementation((opts: { role?: PeerLinkRole }, events: PeerLinkEvents) => {
    roles.push(opts.role ?? 'peer')
    const link = {
      createOffer: async () => 'publish-offer',
      localSdp: () => 'publish-offer',
      acceptOffer: async (sdp: string) => `answer-to-${sdp}`,
      acceptAnswer: jest.fn(async () => undefined),
      addCandidate: jest.fn(async () => undefined),
      dropVideo: jest.fn(),
      stats: async () => ({ audioLevel: 0.5, localAudioLevel: 0.25, rttMs: 10, packetsLost: 0, packetsReceived: 9 }),
      close: jest.fn(),
    }
    links.push({ events, close: link.close, acceptAnswer: link.acceptAnswer })
    return link
  })
  const sent: SfuRequest[] = []
  const streams: string[] = []
  const local: CallStream = { id: 'local', setEnabled: jest.fn(), stop: jest.fn() }
  const path = sfuPath(media, local, [], {
    sfu: (r) => sent.push(r),
    remoteStream: (userId) => streams.push(userId),
    linkState: () => undefined,
  })
  return { path, roles, links, sent, streams }
}

describe('the SFU media path', () => {
  it('publishes once, answers each feed the SFU offers on a receive-only link, and asks for the layer its tile needs', async () => {
    const { path, roles, links, sent, streams } = setup()
    await flush()
    expect(roles).toEqual(['publish'])
    // Made ahead (an invitee ringing), the publication and its candidates wait for publish().
    links[0]!.events.onIceCandidate({ candidate: 'early', sdpMid: '0', sdpMLineIndex: 0 })
    expect(sent).toEqual([])
    await path.publish()
    await path.publish()
    expect(sent).toEqual([{ kind: 'publish', sdp: 'publish-offer' }])
    await path.handleSfu({ kind: 'published', sdp: 'janus-answer' })
    expect(links[0]!.acceptAnswer).toHaveBeenCalledWith('janus-answer')

    // The layer chosen before the feed arrives goes out once it is answered.
    path.setLayer('b', 2)
    await path.handleSfu({ kind: 'offer', feed: 'b', sdp: 'feed-b' })
    expect(roles).toEqual(['publish', 'subscribe'])
    expect(sent.slice(1)).toEqual([
      { kind: 'answer', feed: 'b', sdp: 'answer-to-feed-b' },
      { kind: 'layer', feed: 'b', substream: 2 },
    ])
    links[1]!.events.onRemoteStream({ id: 'rb', setEnabled: jest.fn(), stop: jest.fn() })
    expect(streams).toEqual(['b'])
    // Candidates name their link: '' the publication, else the feed.
    links[0]!.events.onIceCandidate({ candidate: 'c0', sdpMid: '0', sdpMLineIndex: 0 })
    links[1]!.events.onIceCandidate({ candidate: 'c1', sdpMid: '0', sdpMLineIndex: 0 })
    expect(sent.slice(3)).toEqual([
      { kind: 'candidate', feed: '', candidate: 'c0', sdpMid: '0', sdpMLineIndex: 0 },
      { kind: 'candidate', feed: 'b', candidate: 'c1', sdpMid: '0', sdpMLineIndex: 0 },
    ])
    // The same layer again is not asked twice; a new one is.
    path.setLayer('b', 2)
    path.setLayer('b', 0)
    expect(sent.slice(5)).toEqual([{ kind: 'layer', feed: 'b', substream: 0 }])
    expect((await path.stats()).get('b')).toMatchObject({ audioLevel: 0.5, localAudioLevel: 0.25 })

    // Peers are not linked to each other on this path.
    await path.connect('c', true)
    expect(roles).toHaveLength(2)
    await path.handleSfu({ kind: 'gone', feed: 'b' })
    expect(links[1]!.close).toHaveBeenCalled()
    path.close()
    expect(links[0]!.close).toHaveBeenCalled()
  })
})
