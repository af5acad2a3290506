import type { Message } from '@shared/chat'
import { createWebRtcCallEngine } from '@/engines/call/webrtc/webRtcMedia'
import type { CallStream, MediaPort, PeerLinkEvents } from '@/platform/media'
import type { MediaAccessError } from '@/platform/mediaAccess'
import { FakeChatEngine, message } from './fakeChatEngine'

/**
 * A call engine over a fake chat engine and fake media, for tests of one engine feature. Streams
 * are numbered in the order they were opened (`streams`), so a test can tell which call's
 * microphone a media call was made for.
 */
type LinkStats = Awaited<ReturnType<ReturnType<MediaPort['createPeerLink']>['stats']>>
type Device = Awaited<ReturnType<MediaPort['listDevices']>>[number]

export interface FakeCallMediaOptions {
  /** What every link's statistics read. */
  stats?: LinkStats
  devices?: Device[]
}

export function fakeCallMedia(options: FakeCallMediaOptions = {}) {
  const streams: CallStream[] = []
  const links: PeerLinkEvents[] = []
  const stats: LinkStats = options.stats ?? { audioLevel: 0, localAudioLevel: 0, rttMs: 0, packetsLost: 0, packetsReceived: 0 }
  const port: MediaPort & { streams: CallStream[]; links: PeerLinkEvents[]; fail: MediaAccessError | null } = {
    streams,
    links,
    /** When set, opening the camera or microphone fails with it. */
    fail: null,
    supportsWebRtc: () => true,
    getLocalStream: jest.fn(async () => {
      if (port.fail) throw port.fail
      const stream: CallStream = { id: `s${streams.length + 1}`, setEnabled: jest.fn(), stop: jest.fn() }
      streams.push(stream)
      return stream
    }),
    createPeerLink: jest.fn((_opts, events: PeerLinkEvents) => {
      links.push(events)
      return {
        createOffer: async () => 'offer-sdp',
        localSdp: () => 'offer-sdp',
        acceptOffer: async () => 'answer-sdp',
        acceptAnswer: jest.fn(async () => undefined),
        addCandidate: jest.fn(async () => undefined),
        dropVideo: jest.fn(),
        refile: jest.fn(),
        stats: async () => stats,
        close: jest.fn(),
      }
    }),
    attach: jest.fn(() => true),
    setSpeakerMuted: jest.fn(),
    listDevices: jest.fn(async () => options.devices ?? []),
    switchInput: jest.fn(async () => undefined),
    setSpeakerDevice: jest.fn(async () => undefined),
    setResolution: jest.fn(async () => undefined),
    setBackgroundBlur: jest.fn(async () => undefined),
    setNoiseSuppression: jest.fn(async () => undefined),
    hostOs: jest.fn(() => 'mac' as const),
    toggleFullScreen: jest.fn(async () => true),
    canFullScreen: () => true,
  }
  return port
}

export function fakeCallEngine(self = { userId: '10000001', nick: '甲', avatar: '' }) {
  const chat = new FakeChatEngine()
  chat.me = self.userId
  chat.ready = true
  const media = fakeCallMedia()
  let n = 0
  const engine = createWebRtcCallEngine({
    chat: () => chat,
    media,
    ringtone: { loop: jest.fn(), stop: jest.fn(), isPlayableAudio: jest.fn(async () => true) },
    iceConfig: async () => ({ iceServers: [], sfu: false }),
    profile: async () => ({}),
    groupCallInfo: async () => null,
    tones: { dialing: 'dialing.wav', ringing: 'ringing.wav' },
    newInviteID: () => `call-test-${String(++n).padStart(4, '0')}`,
    newClientMsgId: () => `cmid-${String(++n).padStart(8, '0')}`,
  })
  engine.start(self)
  return { chat, media, engine }
}

/** The call payloads this device sent, oldest first. */
export const sentSignals = (chat: FakeChatEngine) => chat.sent.map((m) => JSON.parse(String((m.payload as { data: string }).data)) as Record<string, unknown>)

/** A call message from `from` as the chat engine delivers it. */
export function callMessage(signal: object, from: string, conversationID = `C2C${from}`, extra: Partial<Message> = {}): Message {
  return message({ type: 'TIMCustomElem', from, conversationID, sequence: 1, time: Math.floor(Date.now() / 1000), payload: { data: JSON.stringify(signal), description: '', extension: '' }, ...extra })
}

export const flush = () => new Promise((r) => setTimeout(r, 0))
