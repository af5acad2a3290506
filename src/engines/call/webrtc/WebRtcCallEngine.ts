import { CALL_LIMITS, CallErrorCode, CALL_ERROR_TEXT, CallMediaType, GROUP_CALL_TEXT, type CallSignal, type IceServer, type RtcPayload } from '@shared/call'
import { MsgType, type Message } from '@shared/chat'
import { SendFailure, type RtcEvent, type SfuEventFrame } from '@/engines/chat/ChatEngine'
import { TypedEmitter } from '@/engines/chat/emitter'
import type { CallTextKey } from '@/i18n/call'
import type { CallStream, DeviceType } from '@/platform/media'
import { MediaAccessError } from '@/platform/mediaAccess'
import { CallError, type CallEngine, type CallEngineDeps, type CallEngineEvents, type CallParams, type GroupCallParams, type JoinGroupCallParams } from '../CallEngine'
import { peerToPeerPath, sfuPath, type MediaPath, type MediaPathEvents, type SfuMediaPath } from '../mediaPath'
import type { LiveEvent } from '../liveView'
import { networkQuality, volumeOf } from '../quality'
import { buildSignal, kindOf, pushInfoFor, pushInfoOf, signalOf, type CallRef } from '../signaling'
import { reduce } from '../machine'
import { blankUser, CallRole, CallStatus, displayName, initialCallState, layoutOf, type CallEvent, type CallState, type ConfigureEvent } from '../state'

/** Keep-alive of a connected call towards the server, well inside its 60 s window. */
const ALIVE_MS = 20_000
/**
 * Through the SFU, how long an accept waits for the first subscription offer before the call
 * screen is drawn: the offer follows the accept at once, and answering it first lets its ICE and
 * DTLS run while the screen renders (drawn first, the screen held the offer for 300 ms and more).
 */
const SFU_FIRST_ANSWER_WAIT_MS = 400

/**
 * The self-hosted call engine: call messages over the chat engine, WebRTC negotiation as relayed
 * socket frames, media through a MediaPath (peer-to-peer for now).
 */
export class WebRtcCallEngine implements CallEngine {
  protected readonly events = new TypedEmitter<CallEngineEvents>()
  private state: CallState = initialCallState()
  private ref: CallRef | null = null
  private local: CallStream | null = null
  private readonly remoteStreams = new Map<string, CallStream>()
  /** Group calls: who has accepted or joined (the others are still ringing). */
  private readonly answered = new Set<string>()
  private path: MediaPath | null = null
  /** The same path when it goes through the SFU (group calls with JANUS_URL). */
  private sfu: SfuMediaPath | null = null
  /** The layer each participant's tile wants, kept from the first drawing of the call screen for the SFU path. */
  private readonly tileLayers = new Map<string, 0 | 1 | 2>()
  /**
   * The call's ICE configuration, asked for as soon as the call starts ringing (dial or
   * invitation), so that neither side waits for the request after the accept.
   */
  private iceAhead: { ref: CallRef; config: Promise<{ iceServers: IceServer[]; sfu: boolean }> } | null = null
  /** The callee's device readying media while it rings (see warmUp). */
  private warm: { ref: CallRef; done: Promise<void> } | null = null
  /**
   * While an invitation to a group call through the SFU rings, what the subscription reports
   * (its streams, which the SFU holds until the accept, and its state) waits for the accept.
   */
  private untilAccepted: Array<() => void> | null = null
  /** Negotiation frames that arrived before the media path existed. */
  private pendingRtc: RtcEvent[] = []
  private timers: Array<ReturnType<typeof setTimeout>> = []
  private intervals: Array<ReturnType<typeof setInterval>> = []
  private unsubscribe: Array<() => void> = []
  /** Joining from the banner passes through the invited state without ringing. */
  private joining = false
  /** A denial to explain once the failed call has reset. */
  private permissionTipDue: 'camera' | 'microphone' | null = null
  private customBell = ''
  private muteMode = false
  private readonly now: () => number

  constructor(private readonly deps: CallEngineDeps) {
    this.now = deps.now ?? Date.now
  }

  getState(): CallState {
    return this.state
  }

  on<K extends keyof CallEngineEvents>(event: K, handler: (payload: CallEngineEvents[K]) => void): () => void {
    return this.events.on(event, handler)
  }

  start(self: { userId: string; nick: string; avatar: string }): void {
    this.stop()
    this.dispatch({ type: 'selfInfo', userId: self.userId, nick: self.nick, avatar: self.avatar })
    this.dispatch({ type: 'settings', patch: { allowedFullScreen: this.deps.media.canFullScreen() } })
    const chat = this.deps.chat()
    this.unsubscribe = [chat.on('message', (m) => void this.onMessage(m)), chat.on('rtc', (e) => void this.onRtc(e)), chat.on('sfu', (e) => void this.onSfu(e))]
  }

  stop(): void {
    for (const off of this.unsubscribe) off()
    this.unsubscribe = []
    if (this.state.callStatus !== CallStatus.Idle) this.end()
  }

  // ── the machine ────────────────────────────────────────────────────────────────────────────

  private dispatch(event: CallEvent): void {
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

  private toast(key: CallTextKey, type: CallEngineEvents['toast']['type'] = 'info', params?: Record<string, string>): void {
    this.events.emit('toast', { key, type, ...(params ? { params } : {}) })
  }

  private later(ms: number, fn: () => void): void {
    this.timers.push(setTimeout(fn, ms))
  }

  private every(ms: number, fn: () => void): void {
    this.intervals.push(setInterval(fn, ms))
  }

  /** Back to idle: media and timers go, the state resets, the after-calling callback runs. */
  private end(): void {
    for (const t of this.timers) clearTimeout(t)
    for (const t of this.intervals) clearInterval(t)
    this.timers = []
    this.intervals = []
    this.path?.close()
    this.path = null
    this.sfu = null
    this.tileLayers.clear()
    this.untilAccepted = null
    this.local?.stop()
    this.local = null
    this.remoteStreams.clear()
    this.answered.clear()
    this.pendingRtc = []
    this.ref = null
    this.iceAhead = null
    this.warm = null
    this.joining = false
    this.deps.ringtone.stop()
    this.dispatch({ type: 'reset' })
    this.events.emit('streamsChanged', undefined)
    this.events.emit('afterCalling', undefined)
  }

  private fail(code: number, message: string): void {
    this.events.emit('error', { code, message })
    if (this.state.callStatus !== CallStatus.Idle) this.end()
    else this.events.emit('afterCalling', undefined)
    const tip = this.permissionTipDue
    this.permissionTipDue = null
    if (tip) this.dispatch({ type: 'permissionTip', show: true, kind: tip })
  }

  closePermissionTip(): void {
    this.dispatch({ type: 'permissionTip', show: false })
  }

  private mediaFailure(err: unknown, video: boolean): CallError {
    if (err instanceof MediaAccessError) {
      const code = { noMic: CallErrorCode.NoMic, noCamera: CallErrorCode.NoCamera, denied: CallErrorCode.DeviceAccessDenied, unsupported: CallErrorCode.WebRtcUnsupported }[err.kind]
      if (err.kind === 'denied') {
        this.toast(video ? 'no camera access' : 'no microphone access', 'error')
        if (!err.audioPermitted) this.permissionTipDue = video ? 'camera' : 'microphone'
      }
      else this.toast(CALL_ERROR_TEXT[code] as CallTextKey, 'error')
      return new CallError(code, CALL_ERROR_TEXT[code])
    }
    return new CallError(CallErrorCode.DeviceAccessDenied, err instanceof Error ? err.message : String(err))
  }

  private async openLocal(mediaType: 1 | 2): Promise<void> {
    const video = mediaType === CallMediaType.Video
    try {
      this.local = await this.deps.media.getLocalStream({ audio: true, video, resolution: this.state.videoResolution })
    } catch (err) {
      throw this.mediaFailure(err, video)
    }
    this.localOpened(video)
  }

  /** The local stream is there: the screens show it, and AI voice and blur apply to it. */
  private localOpened(video: boolean): void {
    this.events.emit('streamsChanged', undefined)
    void this.refreshDevices()
    if (this.state.enableAIVoice) void this.applyNoiseSuppression(true)
    if (video && this.state.enableVirtualBackground) {
      void this.applyBlur(true).then((ok) => {
        if (!ok && this.local) this.dispatch({ type: 'settings', patch: { enableVirtualBackground: false } })
      })
    }
  }

  private async refreshDevices(): Promise<void> {
    try {
      this.dispatch({ type: 'devices', list: await this.deps.media.listDevices() })
    } catch (err) {
      console.warn('device list unavailable', err)
    }
  }

  // ── sending ────────────────────────────────────────────────────────────────────────────────

  private peerOf(ref: CallRef): string {
    const me = this.state.localUserInfo.userId
    return ref.inviter === me ? ref.inviteeList[0]! : ref.inviter
  }

  private async send(ref: CallRef, signal: CallSignal): Promise<Message> {
    const stored = await this.deps.chat().sendMessage({
      clientMsgId: this.deps.newClientMsgId(),
      conversationID: ref.groupID ? `GROUP${ref.groupID}` : `C2C${this.peerOf(ref)}`,
      type: MsgType.Custom,
      payload: { data: JSON.stringify(signal), description: '', extension: '' },
    })
    this.events.emit('messageSent', stored)
    return stored
  }

  /**
   * A call message that puts us in a group call (our invite, our accept) and, through the SFU,
   * the publication right behind it, without waiting for the message's acknowledgement: the
   * server handles one socket's frames in order, so the message has put us in the call before
   * the publication is read (the server serves the SFU only to people in it).
   */
  private async sendThenPublish(ref: CallRef, signal: CallSignal): Promise<void> {
    const sent = this.send(ref, signal)
    const early = this.sfu?.publish()
    // Awaited below; a failed message is reported first.
    early?.catch(() => undefined)
    await sent
    await early
    // Once more in case the socket was reconnecting and the early one could not go out.
    await this.sfu?.publish()
  }

  /** Records are best-effort once the call is over locally: a failure is logged. */
  private sendRecord(ref: CallRef, signal: CallSignal): void {
    this.send(ref, signal).catch((err: unknown) => console.warn('call record not sent', err))
  }

  private sendRtc(to: string, payload: RtcPayload): void {
    if (this.ref) this.deps.chat().sendRtc(this.ref.inviteID, to, payload)
  }

  // ── the caller ─────────────────────────────────────────────────────────────────────────────

  async call(params: CallParams): Promise<void> {
    if (this.state.callStatus !== CallStatus.Idle) return
    const me = this.state.localUserInfo.userId
    if (params.userID === me) throw new CallError(0, "Can't call yourself")
    this.requireWebRtc()
    const ref: CallRef = {
      inviteID: this.deps.newInviteID(),
      inviter: me,
      inviteeList: [params.userID],
      groupID: '',
      timeout: params.timeout ?? CALL_LIMITS.defaultTimeoutSeconds,
      mediaType: params.type,
      offlinePushInfo: pushInfoFor(displayName(this.state.localUserInfo)),
    }
    this.ref = ref
    this.prefetchIce(ref)
    this.dispatch({ type: 'dial', inviteID: ref.inviteID, mediaType: params.type, remotes: [blankUser(params.userID)], isGroup: false, groupID: '' })
    void this.fillProfile(params.userID)
    try {
      await this.openLocal(params.type)
      if (this.ref !== ref) return
      // The link is made while the invite goes out: the callee's offer comes with its accept.
      const pathReady = this.startPath(ref)
      await this.send(ref, buildSignal.invite(ref))
      await pathReady
      for (const e of this.pendingRtc.splice(0)) await this.onRtc(e)
    } catch (err) {
      this.startFailed(err)
    }
    this.later(ref.timeout * 1000, () => {
      if (this.ref !== ref || this.state.callStatus !== CallStatus.Calling) return
      this.sendRecord(ref, buildSignal.timeout(ref))
      this.toast('call timeout', 'waring')
      this.end()
    })
  }

  /** A group call: an invite in the group conversation; each invitee who accepts offers media to everyone in the call. */
  async groupCall(params: GroupCallParams): Promise<void> {
    if (this.state.callStatus !== CallStatus.Idle) return
    const me = this.state.localUserInfo.userId
    const invitees = [...new Set(params.userIDList)].filter((u) => u !== me)
    if (invitees.length === 0) throw new CallError(0, "Can't call yourself")
    if (invitees.length + 1 > CALL_LIMITS.groupCallMax) {
      this.toast(GROUP_CALL_TEXT.full, 'error')
      throw new CallError(0, GROUP_CALL_TEXT.full)
    }
    this.requireWebRtc()
    if (await this.deps.groupCallInfo(params.groupID).catch(() => null)) {
      this.toast(GROUP_CALL_TEXT.exists, 'error')
      throw new CallError(0, GROUP_CALL_TEXT.exists)
    }
    if (this.state.callStatus !== CallStatus.Idle) return
    const ref: CallRef = {
      inviteID: this.deps.newInviteID(),
      inviter: me,
      inviteeList: invitees,
      groupID: params.groupID,
      timeout: params.timeout ?? CALL_LIMITS.defaultTimeoutSeconds,
      mediaType: params.type,
      offlinePushInfo: pushInfoFor(displayName(this.state.localUserInfo), params.offlinePushInfo),
    }
    this.ref = ref
    this.prefetchIce(ref)
    this.dispatch({ type: 'dial', inviteID: ref.inviteID, mediaType: params.type, remotes: invitees.map((u) => blankUser(u)), isGroup: true, groupID: params.groupID })
    for (const u of invitees) void this.fillProfile(u)
    try {
      await this.openLocal(params.type)
      if (this.ref !== ref) return
      await this.startPath(ref)
      await this.sendThenPublish(ref, buildSignal.invite(ref))
    } catch (err) {
      this.startFailed(err)
    }
    this.timeoutInvitees(ref, invitees)
  }

  /** Joins the group's live call (the join banner): refused when 9 people are already in. */
  async joinInGroupCall(params: JoinGroupCallParams): Promise<void> {
    if (this.state.callStatus !== CallStatus.Idle) return
    this.requireWebRtc()
    const info = await this.deps.groupCallInfo(params.groupID)
    const me = this.state.localUserInfo.userId
    const inCall = (info?.user_list ?? []).map((u) => u.userid).filter((u) => u !== me)
    if (!info || inCall.length === 0) throw new CallError(0, 'Start call failed')
    if (inCall.length >= CALL_LIMITS.groupCallMax) {
      this.toast(GROUP_CALL_TEXT.full, 'error')
      throw new CallError(0, GROUP_CALL_TEXT.full)
    }
    if (this.state.callStatus !== CallStatus.Idle) return
    const mediaType = info.call_media_type
    this.ref = { inviteID: info.room_id, inviter: inCall[0]!, inviteeList: [me], groupID: params.groupID, timeout: CALL_LIMITS.defaultTimeoutSeconds, mediaType }
    this.prefetchIce(this.ref)
    this.joining = true
    this.dispatch({ type: 'invited', inviteID: info.room_id, mediaType, caller: blankUser(inCall[0]!), others: inCall.slice(1).map((u) => blankUser(u)), isGroup: true, groupID: params.groupID })
    for (const u of inCall) void this.fillProfile(u)
    await this.accept()
  }

  /** Asks more group members into the running group call. */
  async inviteUser(userIDList: string[]): Promise<void> {
    const ref = this.ref
    if (!ref || !this.state.isGroup || this.state.callStatus === CallStatus.Idle) return
    const present = new Set([this.state.localUserInfo.userId, ...this.state.remoteUserInfoList.map((u) => u.userId)])
    const added = [...new Set(userIDList)].filter((u) => !present.has(u))
    if (added.length === 0) return
    if (present.size + added.length > CALL_LIMITS.groupCallMax) {
      this.toast(GROUP_CALL_TEXT.full, 'error')
      throw new CallError(0, GROUP_CALL_TEXT.full)
    }
    this.dispatch({ type: 'remoteAdded', users: added.map((u) => blankUser(u)) })
    for (const u of added) void this.fillProfile(u)
    // Someone asked into a call they did not start invites under their own name.
    await this.send(ref, buildSignal.invite({ ...ref, inviteeList: added, offlinePushInfo: ref.offlinePushInfo ?? pushInfoFor(displayName(this.state.localUserInfo)) }))
    this.timeoutInvitees(ref, added)
  }

  /** Invitees who have not answered within the timeout are written off (the caller or inviter writes it). */
  private timeoutInvitees(ref: CallRef, invitees: string[]): void {
    this.later(ref.timeout * 1000, () => {
      if (this.ref !== ref) return
      const silent = invitees.filter((u) => this.state.remoteUserInfoList.some((r) => r.userId === u && !this.answered.has(u)))
      if (silent.length === 0) return
      this.sendRecord(ref, buildSignal.timeout({ ...ref, inviteeList: silent }))
      for (const u of silent) this.removeRemote(u, 'timeout')
      this.endIfAlone()
    })
  }

  private requireWebRtc(): void {
    if (this.deps.media.supportsWebRtc()) return
    this.toast('Your current environment does not support WebRTC', 'error')
    throw new CallError(CallErrorCode.WebRtcUnsupported, CALL_ERROR_TEXT[CallErrorCode.WebRtcUnsupported])
  }

  private startFailed(err: unknown): never {
    const error = err instanceof CallError ? err : err instanceof SendFailure && err.code === CallErrorCode.Blacklisted ? new CallError(CallErrorCode.Blacklisted, CALL_ERROR_TEXT[CallErrorCode.Blacklisted]) : new CallError(0, err instanceof SendFailure && err.message === GROUP_CALL_TEXT.exists ? GROUP_CALL_TEXT.exists : 'Start call failed')
    if (!(err instanceof CallError)) this.toast(error.code === CallErrorCode.Blacklisted ? 'The identifier is in blacklist. Failed to send this message!' : (error.message as CallTextKey), 'error')
    this.fail(error.code, error.message)
    throw error
  }

  /** A group participant who rejected, was busy, timed out or left goes from the remote list. */
  private removeRemote(userId: string, why: 'Reject Call' | 'in busy' | 'timeout' | 'end call'): void {
    const user = this.state.remoteUserInfoList.find((u) => u.userId === userId)
    if (!user) return
    this.toast(why, 'info', { user: displayName(user) })
    this.path?.disconnect(userId)
    this.remoteStreams.delete(userId)
    this.answered.delete(userId)
    this.dispatch({ type: 'remoteLeft', userId })
    this.events.emit('streamsChanged', undefined)
  }

  /** A group call ends here when nobody is left on it. */
  private endIfAlone(): void {
    if (this.state.callStatus !== CallStatus.Idle && this.state.remoteUserInfoList.length === 0) this.end()
  }

  private async fillProfile(userId: string): Promise<void> {
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

  // ── the callee ─────────────────────────────────────────────────────────────────────────────

  async accept(): Promise<void> {
    const ref = this.ref
    if (!ref || this.state.callStatus !== CallStatus.Calling || this.state.callRole !== CallRole.Callee || this.state.accepting) return
    if (this.state.answerElsewhere) return
    this.dispatch({ type: 'acceptStarted' })
    try {
      if (this.warm?.ref === ref) await this.warm.done
      if (this.ref !== ref) return
      if (!this.local) await this.openLocal(ref.mediaType)
      if (this.ref !== ref) return
      await this.startPath(ref)
      // One-to-one: the callee offers, ahead of its accept (which is stored before it is
      // delivered), so the caller answers the moment the offer arrives.
      if (!ref.groupID) await this.path?.connect(ref.inviter, true)
      await this.sendThenPublish(ref, buildSignal.accept(ref))
      if (this.sfu && ref.groupID) await Promise.race([this.sfu.answered(), new Promise((resolve) => setTimeout(resolve, SFU_FIRST_ANSWER_WAIT_MS))])
      if (this.ref !== ref) return
    } catch (err) {
      if (this.ref !== ref) return
      if (!(err instanceof CallError)) this.toast('Accept failed', 'error')
      this.sendRecord(ref, buildSignal.reject(ref))
      this.fail(err instanceof CallError ? err.code : 0, err instanceof CallError ? err.message : 'Accept failed')
      throw err
    }
    this.onConnected(ref)
    const held = this.untilAccepted ?? []
    this.untilAccepted = null
    for (const show of held) show()
    for (const e of this.pendingRtc.splice(0)) await this.onRtc(e)
    if (ref.groupID) await this.meetGroup(ref)
  }

  /** After accepting or joining a group call: offer media to everyone already in it. */
  private async meetGroup(ref: CallRef): Promise<void> {
    const me = this.state.localUserInfo.userId
    const info = await this.deps.groupCallInfo(ref.groupID).catch(() => null)
    if (this.ref !== ref) return
    const list = info?.room_id === ref.inviteID ? info.user_list.map((u) => u.userid) : [ref.inviter]
    const inCall = list.filter((u) => u !== me)
    // user_list is in the order people joined, and our accept is already in it. Whoever joined
    // after us read the list after our accept and offers to us; if we offered to them too, two
    // members answering together would both offer and neither offer could be answered.
    const mine = list.indexOf(me)
    const before = new Set(mine >= 0 ? list.slice(0, mine) : inCall)
    this.dispatch({ type: 'remoteAdded', users: inCall.map((u) => blankUser(u)) })
    for (const u of inCall) {
      this.answered.add(u)
      void this.fillProfile(u)
      if (before.has(u)) await this.path?.connect(u, true)
    }
  }

  async reject(): Promise<void> {
    const ref = this.ref
    if (!ref || this.state.callStatus !== CallStatus.Calling || this.state.callRole !== CallRole.Callee) return
    this.sendRecord(ref, buildSignal.reject(ref))
    this.end()
  }

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

  private async onInvited(message: Message, s: CallSignal): Promise<void> {
    const ref: CallRef = { inviteID: s.inviteID, inviter: s.inviter, inviteeList: s.inviteeList, groupID: s.groupID, timeout: s.timeout, mediaType: s.data.call_type }
    this.ref = ref
    this.prefetchIce(ref)
    const me = this.state.localUserInfo.userId
    const caller = blankUser(s.inviter, s.inviter === message.from ? { nick: message.nick, avatar: message.avatar } : {})
    const others = s.groupID ? [...new Set([message.from, ...s.inviteeList])].filter((u) => u !== me && u !== s.inviter).map((u) => blankUser(u)) : []
    this.dispatch({ type: 'invited', inviteID: s.inviteID, mediaType: s.data.call_type, caller, others, isGroup: !!s.groupID, groupID: s.groupID })
    this.events.emit('invited', { inviteID: s.inviteID, offlinePushInfo: pushInfoOf(s, displayName(caller)) })
    if (s.groupID) this.untilAccepted = []
    if (!this.deps.media.supportsWebRtc()) {
      // Rings all the same, so the person knows; the caller hears at once that this device
      // cannot take it, while the person's other devices go on ringing.
      this.dispatch({ type: 'answerElsewhere', tip: 'Answer on another device' })
      this.sendRtc(s.inviter, { kind: 'cannotAnswer', reason: 'noMediaPath' })
    } else {
      this.warm = { ref, done: this.warmUp(ref) }
    }
    if (s.groupID) for (const u of [s.inviter, ...others.map((o) => o.userId)]) void this.fillProfile(u)
    // The caller writes the timeout record; the callee only stops ringing.
    const left = message.time * 1000 + s.timeout * 1000 - this.now()
    this.later(Math.max(left, 1000), () => {
      if (this.ref === ref && this.state.callStatus === CallStatus.Calling) this.end()
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
    const video = ref.mediaType === CallMediaType.Video
    let local: CallStream
    try {
      local = await this.deps.media.getLocalStream({ audio: true, video, resolution: this.state.videoResolution })
    } catch {
      return
    }
    if (this.ref !== ref || this.local) {
      local.stop()
      return
    }
    this.local = local
    this.localOpened(video)
    await this.startPath(ref)
    if (this.ref !== ref) return
    if (ref.groupID) await this.sfu?.publish().catch((err: unknown) => console.warn('publication not sent while ringing', err))
    else await this.path?.prepare(ref.inviter).catch((err: unknown) => console.warn('offer not prepared', err))
  }

  // ── both sides ─────────────────────────────────────────────────────────────────────────────

  private async startPath(ref: CallRef): Promise<void> {
    if (this.path) return
    let config = { iceServers: [] as IceServer[], sfu: false }
    try {
      config = await (this.iceAhead?.ref === ref ? this.iceAhead.config : this.deps.iceConfig())
    } catch {
      // Without configured servers, host candidates still connect browsers on one network.
    }
    if (this.ref !== ref || !this.local || this.path) return
    const events = {
      remoteStream: (userId: string, stream: CallStream) => {
        this.remoteStreams.set(userId, stream)
        this.dispatch({ type: 'remoteEntered', userId })
        this.events.emit('streamsChanged', undefined)
      },
      remoteMedia: (userId: string, media: { audio: boolean; video: boolean }) => this.dispatch({ type: 'remoteMedia', userId, ...media }),
      linkState: (userId: string, state: 'connected' | 'failed') => {
        if (state === 'connected') this.sendRtc(userId, { kind: 'media', audio: this.state.localUserInfo.isAudioAvailable, video: this.state.localUserInfo.isVideoAvailable })
        else if (this.ref === ref && !ref.groupID) void this.hangup()
      },
      pathFailed: (reason: string) => {
        if (this.ref !== ref) return
        console.warn('call media refused before anyone joined; ending the call', ref.inviteID, reason)
        this.toast('Call media failed', 'error')
        void this.hangup()
      },
    }
    this.path = this.createMediaPath(ref, this.local, config, events)
  }

  /**
   * The media path of a call. Here: group calls publish once to the SFU when the server has one;
   * one-to-one calls stay peer-to-peer. Another media service (TRTC) overrides only this and the
   * media port; signalling, records and limits stay the same.
   */
  protected createMediaPath(ref: CallRef, local: CallStream, config: { iceServers: IceServer[]; sfu: boolean }, events: Omit<MediaPathEvents, 'send'>): MediaPath {
    if (ref.groupID && config.sfu) {
      this.sfu = sfuPath(this.deps.media, local, config.iceServers, {
        ...events,
        remoteStream: (userId, stream) => this.afterAccept(() => events.remoteStream(userId, stream)),
        linkState: (userId, state) => this.afterAccept(() => events.linkState(userId, state)),
        sfu: (request) => this.deps.chat().sendSfu(ref.inviteID, request),
      })
      for (const [userId, layer] of this.tileLayers) this.sfu.setLayer(userId, layer)
      return this.sfu
    }
    return peerToPeerPath(this.deps.media, local, config.iceServers, { ...events, send: (to, payload) => this.sendRtc(to, payload) })
  }

  private afterAccept(fn: () => void): void {
    if (this.untilAccepted) this.untilAccepted.push(fn)
    else fn()
  }

  private prefetchIce(ref: CallRef): void {
    const config = this.deps.iceConfig()
    // A failed request is answered again by startPath's fallback (no servers).
    config.catch(() => undefined)
    this.iceAhead = { ref, config }
  }

  private async onSfu(e: SfuEventFrame): Promise<void> {
    if (!this.ref || e.inviteID !== this.ref.inviteID || !this.sfu) return
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

  private onConnected(ref: CallRef): void {
    this.dispatch({ type: 'connected', at: this.now() })
    this.every(CALL_LIMITS.timerTickMs, () => {
      this.dispatch({ type: 'tick', now: this.now() })
      void this.measure()
    })
    this.every(ALIVE_MS, () => {
      const to = ref.groupID ? this.state.remoteUserInfoList.find((u) => this.answered.has(u.userId))?.userId : this.peerOf(ref)
      if (to) this.sendRtc(to, { kind: 'alive' })
    })
  }

  /** Volumes and network quality from the links' statistics. */
  private async measure(): Promise<void> {
    const path = this.path
    if (!path) return
    const stats = await path.stats()
    if (this.path !== path) return
    const me = this.state.localUserInfo.userId
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
    volumes[me] = this.state.localUserInfo.isAudioAvailable ? localVolume : 0
    network.unshift({ userId: me, quality: local })
    this.dispatch({ type: 'levels', volumes, network, poorTip: 'Poor network' })
  }

  private async onMessage(message: Message): Promise<void> {
    const s = signalOf(message)
    if (!s) return
    const me = this.state.localUserInfo.userId
    const kind = kindOf(s)
    if (kind === 'invite' && message.from !== me && s.inviteeList.includes(me)) {
      // A stale invite (caught up after a reconnect) does not ring.
      if (message.time * 1000 + s.timeout * 1000 < this.now()) return
      if (this.state.callStatus !== CallStatus.Idle) return
      return this.onInvited(message, s)
    }
    const ref = this.ref
    if (!ref || s.inviteID !== ref.inviteID) return
    // A one-to-one call's record is stored in the caller's name whoever hangs up (the server
    // writes the callee's hang up so): for the caller it is the callee hanging up.
    if (kind === 'hangup' && !ref.groupID && ref.inviter === me) return this.end()
    // Our own messages reach this device only when another device of ours sent them.
    if (message.from === me) {
      if (this.state.callStatus === CallStatus.Calling && this.state.callRole === CallRole.Callee) this.end()
      return
    }
    if (ref.groupID) return this.onGroupMessage(ref, message, s)
    const name = displayName(this.state.remoteUserInfoList.find((u) => u.userId === message.from) ?? blankUser(message.from, { nick: message.nick }))
    switch (kind) {
      case 'accept':
        // Usually connected already, by the callee's offer that came ahead of this.
        if (this.state.callRole !== CallRole.Caller || this.state.callStatus !== CallStatus.Calling) return
        this.onConnected(ref)
        await this.startPath(ref)
        for (const e of this.pendingRtc.splice(0)) await this.onRtc(e)
        return
      case 'reject':
        this.toast(this.state.isGroup ? 'Reject Call' : 'other side reject call', 'info', { user: name })
        return this.end()
      case 'busy':
        this.toast(this.state.isGroup ? 'in busy' : 'other side line busy', 'info', { user: name })
        return this.end()
      case 'cancel':
        this.toast('The other side cancelled the call', 'info')
        return this.end()
      case 'timeout':
        return this.end()
      case 'hangup':
        if (this.state.isGroup) this.toast('end call', 'info', { user: name })
        return this.end()
      default:
        return
    }
  }

  /** A step of a group call from another participant. */
  private async onGroupMessage(ref: CallRef, message: Message, s: CallSignal): Promise<void> {
    const from = message.from
    switch (kindOf(s)) {
      case 'invite':
        // More members asked in by someone on the call.
        this.dispatch({ type: 'remoteAdded', users: s.inviteeList.map((u) => blankUser(u)) })
        for (const u of s.inviteeList) void this.fillProfile(u)
        return
      case 'accept':
        this.answered.add(from)
        this.dispatch({ type: 'remoteAdded', users: [blankUser(from, { nick: message.nick, avatar: message.avatar })] })
        // The first answer turns the caller's dial into a call; the one who answered sends the offer.
        if (this.state.callRole === CallRole.Caller && this.state.callStatus === CallStatus.Calling) this.onConnected(ref)
        return
      case 'reject':
        this.removeRemote(from, 'Reject Call')
        return this.endIfAlone()
      case 'busy':
        this.removeRemote(from, 'in busy')
        return this.endIfAlone()
      case 'timeout':
        if (s.inviteeList.includes(this.state.localUserInfo.userId) && this.state.callStatus === CallStatus.Calling) return this.end()
        for (const u of s.inviteeList) this.removeRemote(u, 'timeout')
        return this.endIfAlone()
      case 'cancel':
        if (this.state.callStatus === CallStatus.Calling) this.toast('The other side cancelled the call', 'info')
        return this.end()
      case 'hangup':
        this.removeRemote(from, 'end call')
        return this.endIfAlone()
      default:
        return
    }
  }

  private async onRtc(e: RtcEvent): Promise<void> {
    if (!this.ref || e.inviteID !== this.ref.inviteID) return
    if (e.payload.kind === 'media') {
      this.dispatch({ type: 'remoteMedia', userId: e.from, audio: e.payload.audio, video: e.payload.video })
      return
    }
    if (e.payload.kind === 'switchToAudio') {
      this.applyAudioOnly()
      return
    }
    if (e.payload.kind === 'cannotAnswer') {
      if (this.state.callRole === CallRole.Caller && this.state.callStatus === CallStatus.Calling) {
        this.dispatch({ type: 'tip', text: 'Callee cannot answer here' })
        this.toast('Callee cannot answer here', 'info')
      }
      return
    }
    // A device still ringing takes no negotiation: the answer to the offer of the device that
    // accepted also reaches the callee's other devices.
    if (this.state.callRole === CallRole.Callee && this.state.callStatus === CallStatus.Calling && !this.state.accepting) return
    // Only the device that accepted offers, just before its accept message, which the server
    // stores before delivering: the offer already means the call is answered.
    if (e.payload.kind === 'offer' && !this.ref.groupID && this.state.callRole === CallRole.Caller && this.state.callStatus === CallStatus.Calling) this.onConnected(this.ref)
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

  // ── devices ────────────────────────────────────────────────────────────────────────────────

  private setLocal(kind: 'audio' | 'video', on: boolean): void {
    if (!this.local || this.state.callStatus === CallStatus.Idle) return
    if (kind === 'video' && this.state.callMediaType !== CallMediaType.Video) return
    this.local.setEnabled(kind, on)
    this.dispatch({ type: 'localMedia', [kind]: on })
    if (this.ref && this.state.callStatus === CallStatus.Connected) {
      const payload: RtcPayload = { kind: 'media', audio: this.state.localUserInfo.isAudioAvailable, video: this.state.localUserInfo.isVideoAvailable }
      for (const u of this.state.remoteUserInfoList) this.sendRtc(u.userId, payload)
    }
  }

  openCamera(): void {
    this.setLocal('video', true)
  }
  closeCamera(): void {
    this.setLocal('video', false)
  }
  openMicrophone(): void {
    this.setLocal('audio', true)
  }
  closeMicrophone(): void {
    this.setLocal('audio', false)
  }
  muteSpeaker(): void {
    this.deps.media.setSpeakerMuted(true)
    this.dispatch({ type: 'muteSpeaker', muted: true })
  }
  unMuteSpeaker(): void {
    this.deps.media.setSpeakerMuted(false)
    this.dispatch({ type: 'muteSpeaker', muted: false })
  }

  /** Video to audio for everyone on the call; refused (60001) when already audio. The call goes on either way. */
  async switchToAudio(): Promise<void> {
    if (this.state.callStatus === CallStatus.Idle) return
    if (this.state.callMediaType !== CallMediaType.Video) {
      this.refuseSwitch(CallErrorCode.SwitchToAudioFailed)
      return
    }
    this.applyAudioOnly()
    for (const u of this.state.remoteUserInfoList) this.sendRtc(u.userId, { kind: 'switchToAudio' })
  }

  /** Audio to video is not offered: always refused with 60002. */
  async switchToVideo(): Promise<void> {
    if (this.state.callStatus === CallStatus.Idle) return
    this.refuseSwitch(CallErrorCode.SwitchToVideoFailed)
  }

  private refuseSwitch(code: typeof CallErrorCode.SwitchToAudioFailed | typeof CallErrorCode.SwitchToVideoFailed): void {
    this.toast(CALL_ERROR_TEXT[code] as CallTextKey, 'error')
    this.events.emit('error', { code, message: CALL_ERROR_TEXT[code] })
    this.events.emit('afterCalling', undefined)
  }

  private applyAudioOnly(): void {
    if (this.state.callMediaType !== CallMediaType.Video) return
    this.local?.setEnabled('video', false)
    this.path?.dropVideo()
    // The remote video tracks stop getting frames; disabled, they no longer hold the players back.
    for (const stream of this.remoteStreams.values()) stream.setEnabled('video', false)
    this.dispatch({ type: 'switchedToAudio' })
    this.events.emit('streamsChanged', undefined)
  }

  async switchDevice({ deviceType, deviceId }: { deviceType: DeviceType; deviceId: string }): Promise<void> {
    try {
      if (deviceType === 'speaker') await this.deps.media.setSpeakerDevice(deviceId)
      else if (this.local) await this.deps.media.switchInput(this.local, deviceType, { deviceId }, this.state.videoResolution)
      else return
      this.dispatch({ type: 'currentDevice', deviceType, deviceId })
    } catch (err) {
      console.warn('device switch failed', err)
    }
  }

  async switchCamera(): Promise<void> {
    if (!this.local || !this.state.localUserInfo.isVideoAvailable) return
    const position = this.state.cameraPosition === 'front' ? 'back' : 'front'
    try {
      await this.deps.media.switchInput(this.local, 'camera', { facingMode: position === 'front' ? 'user' : 'environment' }, this.state.videoResolution)
      this.dispatch({ type: 'cameraPosition', position })
    } catch (err) {
      console.warn('camera switch failed', err)
    }
  }

  async setBlurBackground(on: boolean): Promise<void> {
    if (!this.local || !this.state.localUserInfo.isVideoAvailable || this.state.callMediaType !== CallMediaType.Video) return
    if (await this.applyBlur(on, true)) this.dispatch({ type: 'settings', patch: { enableVirtualBackground: on } })
  }

  /**
   * False when the blur could not start (no model, no canvas capture): the camera keeps sending as
   * it is. When the user asked for it and the media path has no such feature (TRTC), the answer is
   * 60006 and its toast.
   */
  private async applyBlur(on: boolean, asked = false): Promise<boolean> {
    const local = this.local
    if (!local) return false
    try {
      await this.deps.media.setBackgroundBlur(local, on, CALL_LIMITS.blurStrength)
    } catch (err) {
      console.warn('background blur unavailable', err)
      if (asked) this.refuseUnsupported(err)
      return false
    }
    // The call may have ended while the model loaded.
    if (this.local !== local) return false
    this.events.emit('streamsChanged', undefined)
    return true
  }

  async setAIVoice(on: boolean): Promise<void> {
    this.dispatch({ type: 'settings', patch: { enableAIVoice: on } })
    await this.applyNoiseSuppression(on, true)
  }

  /**
   * The choice stays as it is when suppression cannot start: the next call tries again. Asked for
   * during a call whose media path has no such feature (TRTC): 60006 and its toast.
   */
  private async applyNoiseSuppression(on: boolean, asked = false): Promise<void> {
    const local = this.local
    if (!local) return
    try {
      await this.deps.media.setNoiseSuppression(local, on)
    } catch (err) {
      console.warn('noise suppression unavailable; the microphone is sent as captured', err)
      if (asked) this.refuseUnsupported(err)
    }
  }

  /** A feature this call's media path does not have: the spec's 60006, as a toast and an error event. */
  private refuseUnsupported(err: unknown): void {
    if (!(err instanceof MediaAccessError) || err.kind !== 'unsupported') return
    const code = CallErrorCode.WebRtcUnsupported
    this.toast(CALL_ERROR_TEXT[code] as CallTextKey, 'error')
    this.events.emit('error', { code, message: CALL_ERROR_TEXT[code] })
  }

  async toggleFullScreen(domId: string): Promise<void> {
    if (!this.state.allowedFullScreen) return
    await this.deps.media.toggleFullScreen(domId)
  }

  toggleMinimize(): void {
    this.dispatch({ type: 'toggleMinimize' })
  }
  toggleBigScreen(): void {
    this.dispatch({ type: 'toggleBigScreen' })
  }
  configure(event: ConfigureEvent): void {
    this.dispatch(event)
    const resolution = event.type === 'settings' ? event.patch.videoResolution : undefined
    if (resolution && this.local) void this.deps.media.setResolution(this.local, resolution)
  }

  streamOf(userId: string): CallStream | null {
    if (!userId || userId === this.state.localUserInfo.userId) return this.local
    return this.remoteStreams.get(userId) ?? null
  }

  /** Shows a participant's stream in an element, retrying while the element is not rendered yet. */
  startRemoteView(userId: string, domId: string): void {
    const attempt = (left: number) => {
      const stream = this.streamOf(userId)
      const isLocal = !userId || userId === this.state.localUserInfo.userId
      const shown = this.deps.media.attach(domId, stream, { muted: isLocal, objectFit: this.state.displayMode })
      if (!shown && left > 0) setTimeout(() => attempt(left - 1), CALL_LIMITS.remoteVideoRetryMs)
    }
    attempt(CALL_LIMITS.remoteVideoRetries)
  }

  setCallingBell(url: string): void {
    this.customBell = url
  }
  liveEvent(_event: LiveEvent): void {
    // The WebRTC path has no native live components.
  }
  enableMuteMode(muted: boolean): void {
    this.muteMode = muted
    if (muted && this.state.callRole === CallRole.Callee && this.state.callStatus === CallStatus.Calling) this.deps.ringtone.stop()
  }
}
