import { type CallSignal, type RtcPayload } from '@shared/call'
import { MsgType, type Message } from '@shared/chat'
import { TypedEmitter } from '@/engines/chat/emitter'
import type { CallTextKey } from '@/i18n/call'
import type { CallStream } from '@/platform/media'
import type { CallEngineDeps, CallEngineEvents } from '../CallEngine'
import { reduce } from '../machine'
import { buildSignal, type CallRef } from '../signaling'
import { CallRole, CallStatus, displayName, initialCallState, layoutOf, type CallEvent, type CallState } from '../state'

/**
 * What every part of a call session shares: the state machine and its events, the call in
 * progress (its reference, local stream, remote streams, who answered), its timers, the call
 * messages it sends, and the way back to idle. The parts (dialling, ringing, messages, the media
 * link, devices) act through it.
 */
export class SessionCore {
  readonly events = new TypedEmitter<CallEngineEvents>()
  state: CallState = initialCallState()
  ref: CallRef | null = null
  local: CallStream | null = null
  readonly remoteStreams = new Map<string, CallStream>()
  /** Group calls: who has accepted or joined (the others are still ringing). */
  readonly answered = new Set<string>()
  /** Joining from the banner passes through the invited state without ringing. */
  joining = false
  /** A denial to explain once the failed call has reset. */
  permissionTipDue: 'camera' | 'microphone' | null = null
  customBell = ''
  muteMode = false
  readonly now: () => number
  private timers: Array<ReturnType<typeof setTimeout>> = []
  private intervals: Array<ReturnType<typeof setInterval>> = []
  /** What the parts of the session drop when the call ends, in the order they were added. */
  private readonly endings: Array<() => void> = []
  private readonly leavings: Array<(userId: string) => void> = []

  constructor(readonly deps: CallEngineDeps) {
    this.now = deps.now ?? Date.now
  }

  /** Runs `fn` each time a call ends, before the local stream is released. */
  onEnd(fn: () => void): void {
    this.endings.push(fn)
  }

  /** Runs `fn` for each participant who leaves a group call that goes on. */
  onRemoteLeft(fn: (userId: string) => void): void {
    this.leavings.push(fn)
  }

  dispatch(event: CallEvent): void {
    const before = this.state
    const after = reduce(before, event)
    if (after === before) return
    this.state = after
    this.events.emit('stateChanged', after)
    const oldStatus = layoutOf(before)
    const newStatus = layoutOf(after)
    if (oldStatus !== newStatus) this.events.emit('statusChanged', { oldStatus, newStatus })
    if (before.callStatus !== after.callStatus) this.onStatusChange(before.callStatus, after)
  }

  /** The ringtone loops while calling and stops when the status leaves calling. */
  private onStatusChange(before: CallStatus, after: CallState): void {
    if (after.callStatus === CallStatus.Calling) {
      if (after.callRole === CallRole.Caller) this.deps.ringtone.loop(this.deps.tones.dialing)
      else if (!this.muteMode && !this.joining) this.deps.ringtone.loop(this.customBell || this.deps.tones.ringing)
    } else if (before === CallStatus.Calling) {
      this.deps.ringtone.stop()
    }
  }

  toast(key: CallTextKey, type: CallEngineEvents['toast']['type'] = 'info', params?: Record<string, string>): void {
    this.events.emit('toast', { key, type, ...(params ? { params } : {}) })
  }

  later(ms: number, fn: () => void): void {
    this.timers.push(setTimeout(fn, ms))
  }

  every(ms: number, fn: () => void): void {
    this.intervals.push(setInterval(fn, ms))
  }

  /** Back to idle: media and timers go, the state resets, the after-calling callback runs. */
  end(): void {
    for (const t of this.timers) clearTimeout(t)
    for (const t of this.intervals) clearInterval(t)
    this.timers = []
    this.intervals = []
    for (const drop of this.endings) drop()
    this.local?.stop()
    this.local = null
    this.remoteStreams.clear()
    this.answered.clear()
    this.ref = null
    this.joining = false
    this.deps.ringtone.stop()
    this.dispatch({ type: 'reset' })
    this.events.emit('streamsChanged', undefined)
    this.events.emit('afterCalling', undefined)
  }

  fail(code: number, message: string): void {
    this.events.emit('error', { code, message })
    if (this.state.callStatus !== CallStatus.Idle) this.end()
    else this.events.emit('afterCalling', undefined)
    const tip = this.permissionTipDue
    this.permissionTipDue = null
    if (tip) this.dispatch({ type: 'permissionTip', show: true, kind: tip })
  }

  // ── sending ────────────────────────────────────────────────────────────────────────────────

  peerOf(ref: CallRef): string {
    const me = this.state.localUserInfo.userId
    return ref.inviter === me ? ref.inviteeList[0]! : ref.inviter
  }

  async send(ref: CallRef, signal: CallSignal): Promise<Message> {
    const stored = await this.deps.chat().sendMessage({
      clientMsgId: this.deps.newClientMsgId(),
      conversationID: ref.groupID ? `GROUP${ref.groupID}` : `C2C${this.peerOf(ref)}`,
      type: MsgType.Custom,
      payload: { data: JSON.stringify(signal), description: '', extension: '' },
    })
    this.events.emit('messageSent', stored)
    return stored
  }

  /** Records are best-effort once the call is over locally: a failure is logged. */
  sendRecord(ref: CallRef, signal: CallSignal): void {
    this.send(ref, signal).catch((err: unknown) => console.warn('call record not sent', err))
  }

  sendRtc(to: string, payload: RtcPayload): void {
    if (this.ref) this.deps.chat().sendRtc(this.ref.inviteID, to, payload)
  }

  // ── participants ───────────────────────────────────────────────────────────────────────────

  /** A group participant who rejected, was busy, timed out or left goes from the remote list. */
  removeRemote(userId: string, why: 'Reject Call' | 'in busy' | 'timeout' | 'end call'): void {
    const user = this.state.remoteUserInfoList.find((u) => u.userId === userId)
    if (!user) return
    this.toast(why, 'info', { user: displayName(user) })
    for (const left of this.leavings) left(userId)
    this.remoteStreams.delete(userId)
    this.answered.delete(userId)
    this.dispatch({ type: 'remoteLeft', userId })
    this.events.emit('streamsChanged', undefined)
  }

  /** A group call ends here when nobody is left on it. */
  endIfAlone(): void {
    if (this.state.callStatus !== CallStatus.Idle && this.state.remoteUserInfoList.length === 0) this.end()
  }

  async fillProfile(userId: string): Promise<void> {
    try {
      const p = await this.deps.profile(userId)
      const list = this.state.remoteUserInfoList.map((u) => (u.userId === userId ? { ...u, ...p } : u))
      if (list.some((u) => u.userId === userId)) {
        this.state = { ...this.state, remoteUserInfoList: list, callerUserInfo: this.state.callerUserInfo?.userId === userId ? { ...this.state.callerUserInfo, ...p } : this.state.callerUserInfo }
        this.events.emit('stateChanged', this.state)
      }
    } catch {
      // The waiting view falls back to the user ID.
    }
  }

  // ── leaving ────────────────────────────────────────────────────────────────────────────────

  async hangup(): Promise<void> {
    const ref = this.ref
    if (!ref || this.state.callStatus === CallStatus.Idle || this.state.hangingUp) return
    this.dispatch({ type: 'hangupStarted' })
    this.sendRecord(ref, this.closingSignal(ref))
    this.end()
  }

  /** While calling the caller's hang up is a cancel and the callee's a reject; once connected it is a hangup with the duration. */
  private closingSignal(ref: CallRef): CallSignal {
    if (this.state.callStatus === CallStatus.Calling) return this.state.callRole === CallRole.Caller ? buildSignal.cancel(ref) : buildSignal.reject(ref)
    return buildSignal.hangup(ref, (this.now() - this.state.connectedAt) / 1000)
  }

  /**
   * A logout ends the call the way hang up does, but waits (at most `waitMs`) for the record to
   * reach the server, because the socket closes right after.
   */
  async leaveForLogout(waitMs = 2000): Promise<void> {
    const ref = this.ref
    if (!ref || this.state.callStatus === CallStatus.Idle) return
    const sent = this.send(ref, this.closingSignal(ref)).catch((err: unknown) => console.warn('call record not sent', err))
    this.end()
    await Promise.race([sent, new Promise<void>((resolve) => setTimeout(resolve, waitMs))])
  }

  /** The server ended this session (a forced logout): nothing can be sent any more, so the tip and a reset. */
  kickOut(): void {
    if (this.state.callStatus === CallStatus.Idle) return
    this.toast('kick out', 'error')
    this.end()
  }
}
