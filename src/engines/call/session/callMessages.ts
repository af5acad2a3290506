import type { CallSignal } from '@shared/call'
import type { Message } from '@shared/chat'
import type { RtcEvent } from '@/engines/chat/ChatEngine'
import { kindOf, signalOf, type CallRef } from '../signaling'
import { blankUser, CallRole, CallStatus, displayName } from '../state'
import type { IncomingCall } from './incoming'
import type { LocalMedia } from './localMedia'
import type { MediaLink } from './mediaLink'
import type { SessionCore } from './sessionCore'

/** What the other participants send: call messages (invite, accept, reject, hang up…) and relayed frames. */
export class CallMessages {
  constructor(
    private readonly core: SessionCore,
    private readonly link: MediaLink,
    private readonly local: LocalMedia,
    private readonly incoming: IncomingCall,
  ) {}

  async onMessage(message: Message): Promise<void> {
    const core = this.core
    const s = signalOf(message)
    if (!s) return
    const me = core.state.localUserInfo.userId
    const kind = kindOf(s)
    if (kind === 'invite' && message.from !== me && s.inviteeList.includes(me)) {
      // A stale invite (caught up after a reconnect) does not ring.
      if (message.time * 1000 + s.timeout * 1000 < core.now()) return
      if (core.state.callStatus !== CallStatus.Idle) return
      return this.incoming.invited(message, s)
    }
    const ref = core.ref
    if (!ref || s.inviteID !== ref.inviteID) return
    // A one-to-one call's record is stored in the caller's name whoever hangs up (the server
    // writes the callee's hang up so): for the caller it is the callee hanging up.
    if (kind === 'hangup' && !ref.groupID && ref.inviter === me) return core.end()
    // Our own messages reach this device only when another device of ours sent them.
    if (message.from === me) {
      if (core.state.callStatus === CallStatus.Calling && core.state.callRole === CallRole.Callee) core.end()
      return
    }
    if (ref.groupID) return this.onGroupMessage(ref, message, s)
    const name = displayName(core.state.remoteUserInfoList.find((u) => u.userId === message.from) ?? blankUser(message.from, { nick: message.nick }))
    switch (kind) {
      case 'accept':
        // Usually connected already, by the callee's offer that came ahead of this.
        if (core.state.callRole !== CallRole.Caller || core.state.callStatus !== CallStatus.Calling) return
        this.link.connected(ref)
        await this.link.open(ref)
        for (const e of this.link.takePending()) await this.link.negotiate(e)
        return
      case 'reject':
        core.toast(core.state.isGroup ? 'Reject Call' : 'other side reject call', 'info', { user: name })
        return core.end()
      case 'busy':
        core.toast(core.state.isGroup ? 'in busy' : 'other side line busy', 'info', { user: name })
        return core.end()
      case 'cancel':
        core.toast('The other side cancelled the call', 'info')
        return core.end()
      case 'timeout':
        return core.end()
      case 'hangup':
        if (core.state.isGroup) core.toast('end call', 'info', { user: name })
        return core.end()
      default:
        return
    }
  }

  /** A step of a group call from another participant. */
  private async onGroupMessage(ref: CallRef, message: Message, s: CallSignal): Promise<void> {
    const core = this.core
    const from = message.from
    switch (kindOf(s)) {
      case 'invite':
        // More members asked in by someone on the call.
        core.dispatch({ type: 'remoteAdded', users: s.inviteeList.map((u) => blankUser(u)) })
        for (const u of s.inviteeList) void core.fillProfile(u)
        return
      case 'accept':
        core.answered.add(from)
        core.dispatch({ type: 'remoteAdded', users: [blankUser(from, { nick: message.nick, avatar: message.avatar })] })
        // The first answer turns the caller's dial into a call; the one who answered sends the offer.
        if (core.state.callRole === CallRole.Caller && core.state.callStatus === CallStatus.Calling) this.link.connected(ref)
        return
      case 'reject':
        core.removeRemote(from, 'Reject Call')
        return core.endIfAlone()
      case 'busy':
        core.removeRemote(from, 'in busy')
        return core.endIfAlone()
      case 'timeout':
        if (s.inviteeList.includes(core.state.localUserInfo.userId) && core.state.callStatus === CallStatus.Calling) return core.end()
        for (const u of s.inviteeList) core.removeRemote(u, 'timeout')
        return core.endIfAlone()
      case 'cancel':
        if (core.state.callStatus === CallStatus.Calling) core.toast('The other side cancelled the call', 'info')
        return core.end()
      case 'hangup':
        core.removeRemote(from, 'end call')
        return core.endIfAlone()
      default:
        return
    }
  }

  /** A frame relayed from a participant: their microphone and camera, a switch to audio, or negotiation for the path. */
  async onRtc(e: RtcEvent): Promise<void> {
    const core = this.core
    if (!core.ref || e.inviteID !== core.ref.inviteID) return
    if (e.payload.kind === 'media') {
      core.dispatch({ type: 'remoteMedia', userId: e.from, audio: e.payload.audio, video: e.payload.video })
      return
    }
    if (e.payload.kind === 'switchToAudio') {
      this.local.applyAudioOnly()
      return
    }
    if (e.payload.kind === 'cannotAnswer') {
      if (core.state.callRole === CallRole.Caller && core.state.callStatus === CallStatus.Calling) {
        core.dispatch({ type: 'tip', text: 'Callee cannot answer here' })
        core.toast('Callee cannot answer here', 'info')
      }
      return
    }
    await this.link.negotiate(e)
  }
}
