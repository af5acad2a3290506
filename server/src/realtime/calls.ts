import { randomUUID } from 'node:crypto'
import { CallAction, callStepOf, type CallSignal } from '../../../types/call.js'
import { ResultCode } from '../../../types/codes.js'
import { MsgType } from '../../../types/chat.js'
import type { RtcClientFrame, SfuClientFrame, SfuServerFrame } from '../../../types/frames.js'
import { userTopic } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import { closingMessagesOf } from '../domain/calls/ending.js'
import { sfuAllowed } from '../domain/calls/groupCalls.js'
import { isFreshInvite, isHangup } from '../domain/calls/live.js'
import { applyCallMessage, busyReject, isBusy, relayAllowed } from '../domain/calls/sessions.js'
import { c2cIdFor, groupConversationId } from '../domain/conversationIds.js'
import { sendMessage } from '../domain/messages.js'
import { badRequest, forbidden, Refusal } from '../domain/refusal.js'
import type { SessionInfo } from '../domain/sessions.js'
import { pushMessage } from './chatEvents.js'
import { RelayGrants } from './relayGrants.js'
import { serverMsgId } from '../domain/serverMsgIds.js'

/** The SFU's grant key: permissions to use a call's room sit beside the relay grants. */
const SFU = ''

/** One set of relay permissions per server (tests run several in one process). */
const relayGrants = new WeakMap<AppContext, RelayGrants>()
function grantsOf(ctx: AppContext): RelayGrants {
  let grants = relayGrants.get(ctx)
  if (!grants) relayGrants.set(ctx, (grants = new RelayGrants()))
  return grants
}

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

/** Moves the call's state after one of its messages is stored; relay permissions of the call are checked afresh. */
async function applyCall(ctx: AppContext, sender: string, signal: CallSignal): Promise<void> {
  const joined = await applyCallMessage(ctx.db, sender, signal)
  const grants = grantsOf(ctx)
  grants.forget(signal.inviteID)
  // Their publication follows on the same socket: it need not look the call up again.
  if (joined && ctx.sfu) grants.grant(signal.inviteID, sender, SFU)
  logCall(ctx, sender, signal)
  // The room and handles are readied while a group call rings.
  if (ctx.sfu && signal.groupID && isFreshInvite(signal)) ctx.sfu.prepare(signal.inviteID)
  // A group-call participant who leaves (or cancels, or refuses) gives up their place in the room.
  if (ctx.sfu && signal.groupID && callStepOf(signal) !== 'invite' && callStepOf(signal) !== 'accept') {
    await ctx.sfu.leave(signal.inviteID, sender).catch((err: unknown) => ctx.log.warn({ err, inviteID: signal.inviteID }, 'sfu leave failed'))
  }
}

/** After a call message is stored, before its acknowledgement: the call's state moves, so the sender's next frames find it. */
export const applyStoredCallMessage = (ctx: AppContext, sender: string, signal: CallSignal) => applyCall(ctx, sender, signal)

/** After a call message is delivered: an invitee who is already in another call answers busy (written in the invitee's name). */
export async function afterCallMessage(ctx: AppContext, signal: CallSignal): Promise<void> {
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
  for (const { signal, peer } of await closingMessagesOf(ctx.db, wtId)) {
    try {
      await writeInNameOf(ctx, wtId, signal, peer, 'end')
    } catch (err) {
      ctx.log.warn({ err, inviteID: signal.inviteID }, 'closing a call of a logged-out user failed')
    }
  }
}

/** Stores a call message as `sender` wrote it, moves the call's state and delivers it. */
async function writeInNameOf(ctx: AppContext, sender: string, signal: CallSignal, peer: string | null, kind: 'busy' | 'end'): Promise<void> {
  const result = await sendMessage(ctx, sender, {
    clientMsgId: serverMsgId(kind, randomUUID()),
    conversationID: signal.groupID ? groupConversationId(signal.groupID) : c2cIdFor(peer ?? ''),
    type: MsgType.Custom,
    payload: { data: JSON.stringify(signal), description: '', extension: '' },
    cloudCustomData: '',
    atUserList: [],
    needReadReceipt: false,
  })
  await applyCall(ctx, sender, signal)
  if (result.created) await pushMessage(ctx, result.message, result.ref, result.recipients, null)
}


/**
 * A participant's request to the SFU of a group call (JANUS_URL). The server decides who may
 * use a call's room (someone in the call's user_list, which the 9-person cap already bounds);
 * Janus sees only this server. The answer to a publication goes back to the asking socket.
 */
export async function handleSfuFrame(ctx: AppContext, session: SessionInfo, frame: SfuClientFrame, reply: (frame: SfuServerFrame) => void): Promise<void> {
  const sfu = ctx.sfu
  if (!sfu) throw badRequest('sfu: 服务器未启用 SFU')
  const me = session.wtId
  const grants = grantsOf(ctx)
  if (!grants.has(frame.inviteID, me, SFU)) {
    if (!(await sfuAllowed(ctx.db, frame.inviteID, me))) throw forbidden('inviteID: 通话不存在或已结束')
    grants.grant(frame.inviteID, me, SFU)
  }
  const p = frame.payload
  try {
    switch (p.kind) {
      case 'publish':
        return reply({ type: 'sfu', inviteID: frame.inviteID, payload: { kind: 'published', sdp: await sfu.publish(frame.inviteID, me, p.sdp) } })
      case 'answer':
        return await sfu.answer(frame.inviteID, me, p.sdp)
      case 'candidate':
        return await sfu.candidate(frame.inviteID, me, p.link, p)
      case 'layer':
        return await sfu.layer(frame.inviteID, me, p.feed, p.substream)
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
  const grants = grantsOf(ctx)
  // Keep-alives always reach the database: they are what keeps the call alive there.
  if (keepAlive || !grants.has(frame.inviteID, me, frame.to)) {
    if (!(await relayAllowed(ctx.db, frame.inviteID, me, frame.to, keepAlive))) throw forbidden('inviteID: 通话不存在或已结束')
    grants.grant(frame.inviteID, me, frame.to)
  }
  if (keepAlive) return
  await ctx.bus.publish(userTopic(frame.to), { frame: { type: 'rtc', inviteID: frame.inviteID, from: me, payload: frame.payload } })
}
