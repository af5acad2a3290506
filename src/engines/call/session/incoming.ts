import { CallMediaType, type CallSignal } from '@shared/call'
import type { Message } from '@shared/chat'
import type { CallStream } from '@/platform/media'
import { CallError } from '../CallEngine'
import { buildSignal, pushInfoOf, type CallRef } from '../signaling'
import { blankUser, CallRole, CallStatus, displayName } from '../state'
import type { LocalMedia } from './localMedia'
import type { MediaLink } from './mediaLink'
import type { SessionCore } from './sessionCore'

/**
 * Through the SFU, how long an accept waits for the first subscription offer before the call
 * screen is drawn: the offer follows the accept at once, and answering it first lets its ICE and
 * DTLS run while the screen renders (drawn first, the screen held the offer for 300 ms and more).
 */
const SFU_FIRST_ANSWER_WAIT_MS = 400

/** The callee's side: an invitation rings, readies media while it rings, and is accepted or rejected. */
export class IncomingCall {
  /** The callee's device readying media while it rings (see warmUp). */
  private warm: { ref: CallRef; done: Promise<void> } | null = null

  constructor(
    private readonly core: SessionCore,
    private readonly link: MediaLink,
    private readonly local: LocalMedia,
  ) {
    core.onEnd(() => (this.warm = null))
  }

  async invited(message: Message, s: CallSignal): Promise<void> {
    const core = this.core
    const ref: CallRef = { inviteID: s.inviteID, inviter: s.inviter, inviteeList: s.inviteeList, groupID: s.groupID, timeout: s.timeout, mediaType: s.data.call_type }
    core.ref = ref
    this.link.prefetchIce(ref)
    const me = core.state.localUserInfo.userId
    const caller = blankUser(s.inviter, s.inviter === message.from ? { nick: message.nick, avatar: message.avatar } : {})
    const others = s.groupID ? [...new Set([message.from, ...s.inviteeList])].filter((u) => u !== me && u !== s.inviter).map((u) => blankUser(u)) : []
    core.dispatch({ type: 'invited', inviteID: s.inviteID, mediaType: s.data.call_type, caller, others, isGroup: !!s.groupID, groupID: s.groupID })
    core.events.emit('invited', { inviteID: s.inviteID, offlinePushInfo: pushInfoOf(s, displayName(caller)) })
    if (s.groupID) this.link.holdUntilAccepted()
    if (!core.deps.media.supportsWebRtc()) {
      // Rings all the same, so the person knows; the caller hears at once that this device
      // cannot take it, while the person's other devices go on ringing.
      core.dispatch({ type: 'answerElsewhere', tip: 'Answer on another device' })
      core.sendRtc(s.inviter, { kind: 'cannotAnswer', reason: 'noMediaPath' })
    } else {
      this.warm = { ref, done: this.warmUp(ref) }
    }
    if (s.groupID) for (const u of [s.inviter, ...others.map((o) => o.userId)]) void core.fillProfile(u)
    // The caller writes the timeout record; the callee only stops ringing.
    const left = message.time * 1000 + s.timeout * 1000 - core.now()
    core.later(Math.max(left, 1000), () => {
      if (core.ref === ref && core.state.callStatus === CallStatus.Calling) core.end()
    })
  }

  /**
   * While the callee's device rings, the camera and microphone open, the media path is made
   * and, in a one-to-one call, the link to the caller and our offer are readied, ICE gathering
   * meanwhile, so an accept sends the offer at once; nothing of it leaves the device before the
   * accept. Through the SFU the publication goes out at once (ringing publish): its ICE and DTLS
   * with our own media server are done by the accept, and the server shows it to nobody until
   * then. A failure here is met again, and explained, by the accept.
   */
  private async warmUp(ref: CallRef): Promise<void> {
    const core = this.core
    const video = ref.mediaType === CallMediaType.Video
    let local: CallStream
    try {
      local = await core.deps.media.getLocalStream({ audio: true, video, resolution: core.state.videoResolution })
    } catch {
      return
    }
    if (core.ref !== ref || core.local) {
      local.stop()
      return
    }
    core.local = local
    this.local.opened(video)
    await this.link.open(ref)
    if (core.ref !== ref) return
    if (ref.groupID) await this.link.sfu?.publish().catch((err: unknown) => console.warn('publication not sent while ringing', err))
    else await this.link.path?.prepare(ref.inviter).catch((err: unknown) => console.warn('offer not prepared', err))
  }

  async accept(): Promise<void> {
    const core = this.core
    const ref = core.ref
    if (!ref || core.state.callStatus !== CallStatus.Calling || core.state.callRole !== CallRole.Callee || core.state.accepting) return
    if (core.state.answerElsewhere) return
    core.dispatch({ type: 'acceptStarted' })
    try {
      if (this.warm?.ref === ref) await this.warm.done
      if (core.ref !== ref) return
      if (!core.local) await this.local.open(ref.mediaType)
      if (core.ref !== ref) return
      await this.link.open(ref)
      // One-to-one: the callee offers, ahead of its accept (which is stored before it is
      // delivered), so the caller answers the moment the offer arrives.
      if (!ref.groupID) await this.link.path?.connect(ref.inviter, true)
      await this.link.sendThenPublish(ref, buildSignal.accept(ref))
      if (this.link.sfu && ref.groupID) await Promise.race([this.link.sfu.answered(), new Promise((resolve) => setTimeout(resolve, SFU_FIRST_ANSWER_WAIT_MS))])
      if (core.ref !== ref) return
    } catch (err) {
      if (core.ref !== ref) return
      if (!(err instanceof CallError)) core.toast('Accept failed', 'error')
      core.sendRecord(ref, buildSignal.reject(ref))
      core.fail(err instanceof CallError ? err.code : 0, err instanceof CallError ? err.message : 'Accept failed')
      throw err
    }
    this.link.connected(ref)
    this.link.releaseHeld()
    for (const e of this.link.takePending()) await this.link.negotiate(e)
    if (ref.groupID) await this.meetGroup(ref)
  }

  /** After accepting or joining a group call: offer media to everyone already in it. */
  private async meetGroup(ref: CallRef): Promise<void> {
    const core = this.core
    const me = core.state.localUserInfo.userId
    const info = await core.deps.groupCallInfo(ref.groupID).catch(() => null)
    if (core.ref !== ref) return
    const list = info?.room_id === ref.inviteID ? info.user_list.map((u) => u.userid) : [ref.inviter]
    const inCall = list.filter((u) => u !== me)
    // user_list is in the order people joined, and our accept is already in it. Whoever joined
    // after us read the list after our accept and offers to us; if we offered to them too, two
    // members answering together would both offer and neither offer could be answered.
    const mine = list.indexOf(me)
    const before = new Set(mine >= 0 ? list.slice(0, mine) : inCall)
    core.dispatch({ type: 'remoteAdded', users: inCall.map((u) => blankUser(u)) })
    for (const u of inCall) {
      core.answered.add(u)
      void core.fillProfile(u)
      if (before.has(u)) await this.link.path?.connect(u, true)
    }
  }

  async reject(): Promise<void> {
    const ref = this.core.ref
    if (!ref || this.core.state.callStatus !== CallStatus.Calling || this.core.state.callRole !== CallRole.Callee) return
    this.core.sendRecord(ref, buildSignal.reject(ref))
    this.core.end()
  }
}
