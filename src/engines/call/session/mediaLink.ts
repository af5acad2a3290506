import { CALL_LIMITS, type CallSignal, type IceServer } from '@shared/call'
import type { RtcEvent, SfuEventFrame } from '@/engines/chat/ChatEngine'
import type { CallStream } from '@/platform/media'
import type { CallMedia } from '../callMedia'
import { isSfuPath, type MediaPath, type SfuMediaPath } from '../mediaPath'
import { networkQuality, volumeOf } from '../quality'
import type { CallRef } from '../signaling'
import { CallRole, CallStatus } from '../state'
import type { SessionCore } from './sessionCore'

/** Keep-alive of a connected call towards the server, well inside its 60 s window. */
const ALIVE_MS = 20_000

/**
 * A call's media path as the session drives it: the ICE configuration asked for ahead, the path
 * made through the media service once the local stream is there, the negotiation frames that
 * came before it, the SFU's frames and tile layers, and the measurements of a connected call.
 */
export class MediaLink {
  private current: MediaPath | null = null
  private throughSfu: SfuMediaPath | null = null
  /** The layer each participant's tile wants, kept from the first drawing of the call screen for the SFU path. */
  private readonly tileLayers = new Map<string, 0 | 1 | 2>()
  /**
   * The call's ICE configuration, asked for as soon as the call starts ringing (dial or
   * invitation), so that neither side waits for the request after the accept.
   */
  private iceAhead: { ref: CallRef; config: Promise<{ iceServers: IceServer[]; sfu: boolean }> } | null = null
  /**
   * While an invitation to a group call rings, what a path through the SFU reports (its streams,
   * which the SFU holds until the accept, and its state) waits for the accept.
   */
  private untilAccepted: Array<() => void> | null = null
  /** Negotiation frames that arrived before the media path existed. */
  private pendingRtc: RtcEvent[] = []

  constructor(
    private readonly core: SessionCore,
    private readonly media: CallMedia,
  ) {
    core.onEnd(() => this.close())
    core.onRemoteLeft((userId) => this.path?.disconnect(userId))
  }

  get path(): MediaPath | null {
    return this.current
  }

  /** The same path when it goes through the SFU (group calls with JANUS_URL). */
  get sfu(): SfuMediaPath | null {
    return this.throughSfu
  }

  private close(): void {
    this.current?.close()
    this.current = null
    this.throughSfu = null
    this.tileLayers.clear()
    this.untilAccepted = null
    this.pendingRtc = []
    this.iceAhead = null
  }

  prefetchIce(ref: CallRef): void {
    const config = this.core.deps.iceConfig()
    // A failed request is answered again by open's fallback (no servers).
    config.catch(() => undefined)
    this.iceAhead = { ref, config }
  }

  /** A group invitation rings: what the path reports waits for the accept (see releaseHeld). */
  holdUntilAccepted(): void {
    this.untilAccepted = []
  }

  /** The user accepted: what the path reported while the invitation rang comes through. */
  releaseHeld(): void {
    const held = this.untilAccepted ?? []
    this.untilAccepted = null
    for (const show of held) show()
  }

  private afterAccept(fn: () => void): void {
    if (this.untilAccepted) this.untilAccepted.push(fn)
    else fn()
  }

  /** Makes the call's media path, once, when this side has its local stream. */
  async open(ref: CallRef): Promise<void> {
    const core = this.core
    if (this.path) return
    let config = { iceServers: [] as IceServer[], sfu: false }
    try {
      config = await (this.iceAhead?.ref === ref ? this.iceAhead.config : core.deps.iceConfig())
    } catch {
      // Without configured servers, host candidates still connect browsers on one network.
    }
    if (core.ref !== ref || !core.local || this.path) return
    const events = {
      remoteStream: (userId: string, stream: CallStream) => {
        core.remoteStreams.set(userId, stream)
        core.dispatch({ type: 'remoteEntered', userId })
        core.events.emit('streamsChanged', undefined)
      },
      remoteMedia: (userId: string, media: { audio: boolean; video: boolean }) => core.dispatch({ type: 'remoteMedia', userId, ...media }),
      linkState: (userId: string, state: 'connected' | 'failed') => {
        if (state === 'connected') core.sendRtc(userId, { kind: 'media', audio: core.state.localUserInfo.isAudioAvailable, video: core.state.localUserInfo.isVideoAvailable })
        else if (core.ref === ref && !ref.groupID) void core.hangup()
      },
      pathFailed: (reason: string) => {
        if (core.ref !== ref) return
        console.warn('call media refused before anyone joined; ending the call', ref.inviteID, reason)
        core.toast('Call media failed', 'error')
        void core.hangup()
      },
    }
    const path = this.media.openPath({
      ref,
      local: core.local,
      config,
      caller: core.state.callRole === CallRole.Caller,
      events,
      afterAccept: (fn) => this.afterAccept(fn),
      sendRtc: (to, payload) => core.sendRtc(to, payload),
      sendSfu: (request) => core.deps.chat().sendSfu(ref.inviteID, request),
    })
    if (isSfuPath(path)) {
      this.throughSfu = path
      for (const [userId, layer] of this.tileLayers) path.setLayer(userId, layer)
    }
    this.current = path
  }

  /**
   * A call message that puts us in a group call (our invite, our accept) and, through the SFU,
   * the publication right behind it, without waiting for the message's acknowledgement: the
   * server handles one socket's frames in order, so the message has put us in the call before
   * the publication is read (the server serves the SFU only to people in it).
   */
  async sendThenPublish(ref: CallRef, signal: CallSignal): Promise<void> {
    const sent = this.core.send(ref, signal)
    const early = this.sfu?.publish()
    // Awaited below; a failed message is reported first.
    early?.catch(() => undefined)
    await sent
    await early
    // Once more in case the socket was reconnecting and the early one could not go out.
    await this.sfu?.publish()
  }

  /** A negotiation frame of this call: handed to the path, or kept until there is one. */
  async negotiate(e: RtcEvent): Promise<void> {
    const core = this.core
    const ref = core.ref
    if (!ref) return
    // A device still ringing takes no negotiation: the answer to the offer of the device that
    // accepted also reaches the callee's other devices.
    if (core.state.callRole === CallRole.Callee && core.state.callStatus === CallStatus.Calling && !core.state.accepting) return
    // Only the device that accepted offers, just before its accept message, which the server
    // stores before delivering: the offer already means the call is answered.
    if (e.payload.kind === 'offer' && !ref.groupID && core.state.callRole === CallRole.Caller && core.state.callStatus === CallStatus.Calling) this.connected(ref)
    if (!this.path) {
      this.pendingRtc.push(e)
      return
    }
    try {
      await this.path.handle(e.from, e.payload)
    } catch (err) {
      console.warn('negotiation failed', err)
    }
  }

  /** The frames kept while there was no path, in their order, to negotiate now that there is one. */
  takePending(): RtcEvent[] {
    return this.pendingRtc.splice(0)
  }

  async onSfu(e: SfuEventFrame): Promise<void> {
    if (!this.core.ref || e.inviteID !== this.core.ref.inviteID || !this.sfu) return
    try {
      await this.sfu.handleSfu(e.payload)
    } catch (err) {
      console.warn('sfu negotiation failed', err)
    }
  }

  setRemoteLayer(userId: string, layer: 0 | 1 | 2): void {
    this.tileLayers.set(userId, layer)
    this.sfu?.setLayer(userId, layer)
  }

  /** The call is connected: its clock and measurements tick, and keep-alive frames go out. */
  connected(ref: CallRef): void {
    const core = this.core
    core.dispatch({ type: 'connected', at: core.now() })
    core.every(CALL_LIMITS.timerTickMs, () => {
      core.dispatch({ type: 'tick', now: core.now() })
      void this.measure()
    })
    core.every(ALIVE_MS, () => {
      const to = ref.groupID ? core.state.remoteUserInfoList.find((u) => core.answered.has(u.userId))?.userId : core.peerOf(ref)
      if (to) core.sendRtc(to, { kind: 'alive' })
    })
  }

  /** Volumes and network quality from the links' statistics. */
  private async measure(): Promise<void> {
    const path = this.path
    if (!path) return
    const stats = await path.stats()
    if (this.path !== path) return
    const state = this.core.state
    const me = state.localUserInfo.userId
    const volumes: Record<string, number> = {}
    const network: Array<{ userId: string; quality: number }> = []
    let local = 0
    let localVolume = 0
    for (const [userId, s] of stats) {
      volumes[userId] = volumeOf(s.audioLevel)
      localVolume = Math.max(localVolume, volumeOf(s.localAudioLevel))
      const quality = networkQuality(s)
      network.push({ userId, quality })
      local = Math.max(local, quality)
    }
    volumes[me] = state.localUserInfo.isAudioAvailable ? localVolume : 0
    network.unshift({ userId: me, quality: local })
    this.core.dispatch({ type: 'levels', volumes, network, poorTip: 'Poor network' })
  }
}
