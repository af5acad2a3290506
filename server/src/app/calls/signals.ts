import { randomUUID } from 'node:crypto'
import { CALL_BUSINESS_ID, CallAction, CallCmd, callStepOf, type CallSignal } from '../../../../types/call.js'
import { ResultCode } from '../../../../types/codes.js'
import { MsgType, type ServerMsgIdKind } from '../../../../types/chat.js'
import type { RtcClientFrame, SfuClientFrame, SfuServerFrame } from '../../../../types/frames.js'
import { userTopic } from '../../bus/Bus.js'
import type { AppContext } from '../../context.js'
import { liveCallsOf } from '../../data/calls/ending.js'
import { endedGroupCall } from '../../data/calls/groupCalls.js'
import { closingMessages } from '../../domain/calls/ending.js'
import { groupCallOver, sfuStanding } from './groupCalls.js'
import { isCurrentMember } from '../../data/groups/currentMembers.js'
import { isFreshInvite, isHangup } from '../../domain/calls/live.js'
import { busyReject, recordWriter } from '../../domain/calls/sessions.js'
import { applyCallMessage, isBusy, relayAllowed } from './sessions.js'
import { c2cIdFor, groupConversationId } from '../../domain/conversationIds.js'
import { sendMessage } from '../messages/sendMessage.js'
import { badRequest, forbidden, Refusal } from '../../domain/refusal.js'
import type { SessionInfo } from '../../domain/sessions.js'
import { pushMessage } from '../publish/messages.js'
import { serverMsgId } from '../../domain/serverMsgIds.js'

/** The SFU's grant keys: permissions to use a call's room sit beside the relay grants. */
const SFU = ''
/** A ringing invitee's: its own publication only (user IDs are digits, so no relay grant has this key). */
const SFU_RINGING = 'ringing'


const ACTION_NAMES: Record<number, string> = {
  [CallAction.Invite]: 'invite',
  [CallAction.Cancel]: 'cancel',
  [CallAction.Accept]: 'accept',
  [CallAction.Reject]: 'reject',
  [CallAction.Timeout]: 'timeout',
}

/** One log line per call state change: started (accepted) and ended (hang up, cancel, reject, timeout). */
function logCall(ctx: AppContext, sender: string, signal: CallSignal) {
  const action = isHangup(signal) ? 'hangup' : (ACTION_NAMES[signal.actionType] ?? String(signal.actionType))
  ctx.metrics.callEvents.inc({ action })
  const fields = { inviteID: signal.inviteID, by: sender, group: signal.groupID || undefined, media: signal.data.call_type }
  if (action === 'accept') ctx.log.info({ event: 'call start', ...fields }, 'call started')
  else if (action !== 'invite') ctx.log.info({ event: 'call end', action, ...fields }, 'call ended')
}

/**
 * Moves the call's state after one of its messages is stored; relay permissions of the call are
 * checked afresh. `device` is the sender's login session when the message came from their socket.
 */
async function applyCall(ctx: AppContext, sender: string, signal: CallSignal, device = ''): Promise<void> {
  const joined = await applyCallMessage(ctx.db, sender, signal)
  const grants = ctx.relayGrants
  grants.forget(signal.inviteID)
  // Their publication follows on the same socket: it need not look the call up again.
  if (joined && ctx.sfu) grants.grant(signal.inviteID, sender, SFU)
  logCall(ctx, sender, signal)
  if (!ctx.sfu || !signal.groupID) return
  const sfu = ctx.sfu
  const failed = (what: string) => (err: unknown) => ctx.log.warn({ err, inviteID: signal.inviteID }, what)
  const step = callStepOf(signal)
  // The room and handles are readied while a group call rings.
  if (isFreshInvite(signal)) sfu.prepare(signal.inviteID)
  // Only now, with the accept stored, is the publication made while ringing shown to the others.
  else if (step === 'accept' && joined && device) await sfu.admit(signal.inviteID, sender, device).catch(failed('sfu admit failed'))
  // Invitees written off by the caller stop ringing: what they published meanwhile goes.
  else if (step === 'timeout') for (const invitee of signal.inviteeList) await sfu.leaveRinging(signal.inviteID, invitee).catch(failed('sfu leave failed'))
  // A group-call participant who leaves (or cancels, or refuses) gives up their place in the room.
  else if (step !== 'invite' && step !== 'accept') await sfu.leave(signal.inviteID, sender).catch(failed('sfu leave failed'))
  // A call that ended takes its room along, with any publication still ringing on any process.
  if (step !== 'invite' && step !== 'accept' && (await groupCallOver(ctx.db, signal.inviteID))) await sfu.endCall(signal.inviteID).catch(failed('sfu end failed'))
}

/** After a call message is stored, before its acknowledgement: the call's state moves, so the sender's next frames find it. */
export const applyStoredCallMessage = (ctx: AppContext, sender: string, signal: CallSignal, device: string) => applyCall(ctx, sender, signal, device)

/**
 * After a call message is delivered: an invitee who is already in another call answers busy
 * (written in the invitee's name); a group call the message ended gets its summary.
 */
export async function afterCallMessage(ctx: AppContext, sender: string, signal: CallSignal): Promise<void> {
  await summarizeGroupCall(ctx, sender, signal)
  if (!isFreshInvite(signal)) return
  for (const callee of signal.inviteeList) {
    if (await isBusy(ctx.db, callee, signal.inviteID)) await answerBusy(ctx, signal, callee)
  }
}

async function answerBusy(ctx: AppContext, signal: CallSignal, callee: string): Promise<void> {
  await writeInNameOf(ctx, callee, busyReject(signal, callee), signal.groupID ? null : signal.inviter, 'busy')
}

/**
 * Every session of the user has ended (log out on all devices): their live calls are closed in
 * their name, so the others see the call end now rather than when the media link times out.
 */
export async function endCallsOf(ctx: AppContext, wtId: string): Promise<void> {
  for (const { signal, peer } of closingMessages(await liveCallsOf(ctx.db, wtId), wtId)) {
    try {
      await writeInNameOf(ctx, wtId, signal, peer, 'end')
    } catch (err) {
      ctx.log.warn({ err, inviteID: signal.inviteID }, 'closing a call of a logged-out user failed')
    }
  }
}

/**
 * Stores a call message as `sender` would have sent it (a one-to-one record in the caller's name,
 * recordWriter), moves the call's state and delivers it.
 */
async function writeInNameOf(ctx: AppContext, sender: string, signal: CallSignal, peer: string | null, kind: Extract<ServerMsgIdKind, 'busy' | 'end'>): Promise<void> {
  const writer = recordWriter(signal, sender)
  const result = await sendMessage(ctx, writer, {
    clientMsgId: serverMsgId(kind, randomUUID()),
    conversationID: signal.groupID ? groupConversationId(signal.groupID) : c2cIdFor(writer === sender ? (peer ?? '') : sender),
    type: MsgType.Custom,
    payload: { data: JSON.stringify(signal), description: '', extension: '' },
    cloudCustomData: '',
    atUserList: [],
    needReadReceipt: false,
  })
  await applyCall(ctx, sender, signal)
  if (result.created) await pushMessage(ctx, result.message, result.ref, result.recipients, null)
  await summarizeGroupCall(ctx, sender, signal)
}

/**
 * A group call that was answered leaves one line in the group when it is over: 群通话已结束，时长 …
 * (the members' own answers and hang-ups show nothing). It is written in the caller's name, or
 * in that of the member whose step ended the call when the caller has left the group; its
 * client ID names the call, so a second ending step finds it written already.
 */
async function summarizeGroupCall(ctx: AppContext, ender: string, signal: CallSignal): Promise<void> {
  if (!signal.groupID || isFreshInvite(signal) || signal.actionType === CallAction.Accept) return
  const call = await endedGroupCall(ctx.db, signal.inviteID)
  if (!call) return
  const summary: CallSignal = {
    businessID: CALL_BUSINESS_ID,
    inviteID: signal.inviteID,
    actionType: CallAction.Invite,
    inviter: call.inviter,
    inviteeList: call.invitees.length > 0 ? call.invitees : [ender],
    groupID: call.groupId,
    timeout: call.timeout,
    data: { version: 4, call_type: call.mediaType, call_end: call.seconds, group_end: 1, data: { cmd: CallCmd.Hangup } },
  }
  const sender = (await isCurrentMember(ctx.db, call.groupId, call.inviter)) ? call.inviter : ender
  try {
    const result = await sendMessage(ctx, sender, {
      clientMsgId: serverMsgId('end', `group-${signal.inviteID}`),
      conversationID: groupConversationId(call.groupId),
      type: MsgType.Custom,
      payload: { data: JSON.stringify(summary), description: '', extension: '' },
      cloudCustomData: '',
      atUserList: [],
      needReadReceipt: false,
    })
    if (result.created) await pushMessage(ctx, result.message, result.ref, result.recipients, null)
  } catch (err) {
    ctx.log.warn({ err, inviteID: signal.inviteID }, 'group call summary not written')
  }
}


/**
 * A participant's request to the SFU of a group call (JANUS_URL). The server decides who may
 * use a call's room (someone in the call's user_list, which the 9-person cap already bounds);
 * Janus sees only this server. The answer to a publication goes back to the asking socket.
 * An invitee still ringing (in `pending`) may publish, from this device, a publication nobody
 * receives until its accept (`admit`), and answer its own subscription, whose streams Janus
 * holds until then (adapters/janus/sfu.ts).
 */
export async function handleSfuFrame(ctx: AppContext, session: SessionInfo, frame: SfuClientFrame, reply: (frame: SfuServerFrame) => void): Promise<void> {
  const sfu = ctx.sfu
  if (!sfu) throw badRequest('sfu: 服务器未启用 SFU')
  const me = session.wtId
  const grants = ctx.relayGrants
  let ringing = ''
  if (!grants.has(frame.inviteID, me, SFU)) {
    if (!grants.has(frame.inviteID, me, SFU_RINGING)) {
      const standing = await sfuStanding(ctx.db, frame.inviteID, me)
      if (!standing) throw forbidden('inviteID: 通话不存在或已结束')
      grants.grant(frame.inviteID, me, standing === 'in' ? SFU : SFU_RINGING)
    }
    if (!grants.has(frame.inviteID, me, SFU)) ringing = session.tokenHash
  }
  const p = frame.payload
  try {
    switch (p.kind) {
      case 'publish':
        return reply({ type: 'sfu', inviteID: frame.inviteID, payload: { kind: 'published', sdp: await sfu.publish(frame.inviteID, me, p.sdp, ringing, p.layers) } })
      case 'answer':
        return await sfu.answer(frame.inviteID, me, p.sdp, ringing)
      case 'candidate':
        return await sfu.candidate(frame.inviteID, me, p.link, p, ringing)
      case 'layer':
        return await sfu.layer(frame.inviteID, me, p.feed, p.substream, ringing)
    }
  } catch (err) {
    ctx.log.warn({ err, inviteID: frame.inviteID, kind: p.kind }, 'sfu request failed')
    throw new Refusal(ResultCode.ServerError, 'sfu: 媒体服务器暂不可用')
  }
}

/** Relays a WebRTC frame to the other participant's devices; keep-alives only refresh the call. */
export async function handleRtcFrame(ctx: AppContext, session: SessionInfo, frame: RtcClientFrame): Promise<void> {
  const me = session.wtId
  const keepAlive = frame.payload.kind === 'alive'
  const grants = ctx.relayGrants
  // Keep-alives always reach the database: they are what keeps the call alive there.
  if (keepAlive || !grants.has(frame.inviteID, me, frame.to)) {
    if (!(await relayAllowed(ctx.db, frame.inviteID, me, frame.to, keepAlive))) throw forbidden('inviteID: 通话不存在或已结束')
    grants.grant(frame.inviteID, me, frame.to)
  }
  if (keepAlive) return
  await ctx.bus.publish(userTopic(frame.to), { frame: { type: 'rtc', inviteID: frame.inviteID, from: me, payload: frame.payload } })
}
