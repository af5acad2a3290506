import { CALL_ERROR_TEXT, CALL_LIMITS, CallErrorCode, GROUP_CALL_TEXT } from '@shared/call'
import { SendFailure } from '@/engines/chat/ChatEngine'
import type { CallTextKey } from '@/i18n/call'
import { CallError, type CallParams, type GroupCallParams, type JoinGroupCallParams } from '../CallEngine'
import { buildSignal, pushInfoFor, type CallRef } from '../signaling'
import { blankUser, CallStatus, displayName } from '../state'
import type { IncomingCall } from './incoming'
import type { LocalMedia } from './localMedia'
import type { MediaLink } from './mediaLink'
import type { SessionCore } from './sessionCore'

/** The caller's side: a one-to-one or group call dialled, a live group call joined, more members asked in. */
export class OutgoingCall {
  constructor(
    private readonly core: SessionCore,
    private readonly link: MediaLink,
    private readonly local: LocalMedia,
    private readonly incoming: IncomingCall,
  ) {}

  async call(params: CallParams): Promise<void> {
    const core = this.core
    if (core.state.callStatus !== CallStatus.Idle) return
    const me = core.state.localUserInfo.userId
    if (params.userID === me) throw new CallError(0, "Can't call yourself")
    this.requireMediaPath()
    const ref: CallRef = {
      inviteID: core.deps.newInviteID(),
      inviter: me,
      inviteeList: [params.userID],
      groupID: '',
      timeout: params.timeout ?? CALL_LIMITS.defaultTimeoutSeconds,
      mediaType: params.type,
      offlinePushInfo: pushInfoFor(displayName(core.state.localUserInfo)),
    }
    core.ref = ref
    this.link.prefetchIce(ref)
    core.dispatch({ type: 'dial', inviteID: ref.inviteID, mediaType: params.type, remotes: [blankUser(params.userID)], isGroup: false, groupID: '' })
    void core.fillProfile(params.userID)
    try {
      await this.local.open(params.type)
      if (core.ref !== ref) return
      // The link is made while the invite goes out: the callee's offer comes with its accept.
      const pathReady = this.link.open(ref)
      await core.send(ref, buildSignal.invite(ref))
      await pathReady
      for (const e of this.link.takePending()) await this.link.negotiate(e)
    } catch (err) {
      this.startFailed(err)
    }
    core.later(ref.timeout * 1000, () => {
      if (core.ref !== ref || core.state.callStatus !== CallStatus.Calling) return
      core.sendRecord(ref, buildSignal.timeout(ref))
      core.toast('call timeout', 'waring')
      core.end()
    })
  }

  /** A group call: an invite in the group conversation; each invitee who accepts offers media to everyone in the call. */
  async groupCall(params: GroupCallParams): Promise<void> {
    const core = this.core
    if (core.state.callStatus !== CallStatus.Idle) return
    const me = core.state.localUserInfo.userId
    const invitees = [...new Set(params.userIDList)].filter((u) => u !== me)
    if (invitees.length === 0) throw new CallError(0, "Can't call yourself")
    if (invitees.length + 1 > CALL_LIMITS.groupCallMax) this.refuseFull()
    this.requireMediaPath()
    if (await core.deps.groupCallInfo(params.groupID).catch(() => null)) {
      core.toast(GROUP_CALL_TEXT.exists, 'error')
      throw new CallError(0, GROUP_CALL_TEXT.exists)
    }
    if (core.state.callStatus !== CallStatus.Idle) return
    const ref: CallRef = {
      inviteID: core.deps.newInviteID(),
      inviter: me,
      inviteeList: invitees,
      groupID: params.groupID,
      timeout: params.timeout ?? CALL_LIMITS.defaultTimeoutSeconds,
      mediaType: params.type,
      offlinePushInfo: pushInfoFor(displayName(core.state.localUserInfo), params.offlinePushInfo),
    }
    core.ref = ref
    this.link.prefetchIce(ref)
    core.dispatch({ type: 'dial', inviteID: ref.inviteID, mediaType: params.type, remotes: invitees.map((u) => blankUser(u)), isGroup: true, groupID: params.groupID })
    for (const u of invitees) void core.fillProfile(u)
    try {
      await this.local.open(params.type)
      if (core.ref !== ref) return
      await this.link.open(ref)
      await this.link.sendThenPublish(ref, buildSignal.invite(ref))
    } catch (err) {
      this.startFailed(err)
    }
    this.timeoutInvitees(ref, invitees)
  }

  /** Joins the group's live call (the join banner): refused when 9 people are already in. */
  async joinInGroupCall(params: JoinGroupCallParams): Promise<void> {
    const core = this.core
    if (core.state.callStatus !== CallStatus.Idle) return
    this.requireMediaPath()
    const info = await core.deps.groupCallInfo(params.groupID)
    const me = core.state.localUserInfo.userId
    const inCall = (info?.user_list ?? []).map((u) => u.userid).filter((u) => u !== me)
    if (!info || inCall.length === 0) throw new CallError(0, 'Start call failed')
    if (inCall.length >= CALL_LIMITS.groupCallMax) this.refuseFull()
    if (core.state.callStatus !== CallStatus.Idle) return
    const mediaType = info.call_media_type
    core.ref = { inviteID: info.room_id, inviter: inCall[0]!, inviteeList: [me], groupID: params.groupID, timeout: CALL_LIMITS.defaultTimeoutSeconds, mediaType }
    this.link.prefetchIce(core.ref)
    core.joining = true
    core.dispatch({ type: 'invited', inviteID: info.room_id, mediaType, caller: blankUser(inCall[0]!), others: inCall.slice(1).map((u) => blankUser(u)), isGroup: true, groupID: params.groupID })
    for (const u of inCall) void core.fillProfile(u)
    await this.incoming.accept()
  }

  /** Asks more group members into the running group call. */
  async inviteUser(userIDList: string[]): Promise<void> {
    const core = this.core
    const ref = core.ref
    if (!ref || !core.state.isGroup || core.state.callStatus === CallStatus.Idle) return
    const present = new Set([core.state.localUserInfo.userId, ...core.state.remoteUserInfoList.map((u) => u.userId)])
    const added = [...new Set(userIDList)].filter((u) => !present.has(u))
    if (added.length === 0) return
    if (present.size + added.length > CALL_LIMITS.groupCallMax) this.refuseFull()
    core.dispatch({ type: 'remoteAdded', users: added.map((u) => blankUser(u)) })
    for (const u of added) void core.fillProfile(u)
    // Someone asked into a call they did not start invites under their own name.
    await core.send(ref, buildSignal.invite({ ...ref, inviteeList: added, offlinePushInfo: ref.offlinePushInfo ?? pushInfoFor(displayName(core.state.localUserInfo)) }))
    this.timeoutInvitees(ref, added)
  }

  private refuseFull(): never {
    this.core.toast(GROUP_CALL_TEXT.full, 'error')
    throw new CallError(0, GROUP_CALL_TEXT.full)
  }

  /** Invitees who have not answered within the timeout are written off (the caller or inviter writes it). */
  private timeoutInvitees(ref: CallRef, invitees: string[]): void {
    const core = this.core
    core.later(ref.timeout * 1000, () => {
      if (core.ref !== ref) return
      const silent = invitees.filter((u) => core.state.remoteUserInfoList.some((r) => r.userId === u && !core.answered.has(u)))
      if (silent.length === 0) return
      core.sendRecord(ref, buildSignal.timeout({ ...ref, inviteeList: silent }))
      for (const u of silent) core.removeRemote(u, 'timeout')
      core.endIfAlone()
    })
  }

  /** A device whose media service cannot carry a call (a mini-program without TRTC) starts none. */
  private requireMediaPath(): void {
    if (this.core.deps.media.supportsWebRtc()) return
    this.core.toast('Your current environment does not support WebRTC', 'error')
    throw new CallError(CallErrorCode.WebRtcUnsupported, CALL_ERROR_TEXT[CallErrorCode.WebRtcUnsupported])
  }

  private startFailed(err: unknown): never {
    const error = err instanceof CallError ? err : err instanceof SendFailure && err.code === CallErrorCode.Blacklisted ? new CallError(CallErrorCode.Blacklisted, CALL_ERROR_TEXT[CallErrorCode.Blacklisted]) : new CallError(0, err instanceof SendFailure && err.message === GROUP_CALL_TEXT.exists ? GROUP_CALL_TEXT.exists : 'Start call failed')
    if (!(err instanceof CallError)) this.core.toast(error.code === CallErrorCode.Blacklisted ? 'The identifier is in blacklist. Failed to send this message!' : (error.message as CallTextKey), 'error')
    this.core.fail(error.code, error.message)
    throw error
  }
}
