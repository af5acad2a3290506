import { randomUUID } from 'node:crypto'
import { CallAction, CallSignal, looksLikeCallSignal } from '../../../types/call.js'
import type { RtcClientFrame, SingleServerFrame } from '../../../types/frames.js'
import { MsgType, type OutgoingMessage } from '../../../types/chat.js'
import { ResultCode } from '../../../types/codes.js'
import { userTopic } from '../bus/Bus.js'
import type { AppContext } from '../context.js'
import { closingMessagesOf } from '../domain/callEnding.js'
import { applyCallMessage, busyReject, callMessageRefusal, isBusy, isHangup, relayAllowed } from '../domain/callSessions.js'
import { c2cIdFor, groupConversationId, parseConversationId } from '../domain/conversationIds.js'
import { sendMessage } from '../domain/messages.js'
import type { SessionInfo } from '../domain/sessions.js'
import { pushMessage } from './chatEvents.js'
import { RelayGrants } from './relayGrants.js'

export type CallCheck = { kind: 'none' } | { kind: 'call'; signal: CallSignal } | { kind: 'refused'; msg: string }

/**
 * A custom message whose data names the call business must be a valid call message of a call
 * the sender takes part in; other custom messages pass untouched.
 */
export async function checkCallMessage(ctx: AppContext, me: string, message: OutgoingMessage): Promise<CallCheck> {
  if (message.type !== MsgType.Custom || !looksLikeCallSignal(message.payload.data)) return { kind: 'none' }
  const parsed = CallSignal.safeParse(JSON.parse(message.payload.data))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { kind: 'refused', msg: `payload.data.${issue?.path.join('.') || 'call'}: ${issue?.message ?? '格式不正确'}` }
  }
  const ref = parseConversationId(me, message.conversationID)
  if (!ref) return { kind: 'refused', msg: 'conversationID: 会话不存在' }
  const refusal = await callMessageRefusal(ctx.db, me, ref, parsed.data)
  return refusal ? { kind: 'refused', msg: refusal } : { kind: 'call', signal: parsed.data }
}

/** One set of relay permissions per server (tests run several in one process). */
const relayGrants = new WeakMap<AppContext, RelayGrants>()
function grantsOf(ctx: AppContext): RelayGrants {
  let grants = relayGrants.get(ctx)
  if (!grants) relayGrants.set(ctx, (grants = new RelayGrants()))
  return grants
}

/** Moves the call's state after one of its messages is stored; relay permissions of the call are checked afresh. */
async function applyCall(ctx: AppContext, sender: string, signal: CallSignal): Promise<void> {
  await applyCallMessage(ctx.db, sender, signal)
  grantsOf(ctx).forget(signal.inviteID)
}

/** After a call message is stored, before its acknowledgement: the call's state moves, so the sender's next frames find it. */
export const applyStoredCallMessage = (ctx: AppContext, sender: string, signal: CallSignal) => applyCall(ctx, sender, signal)

/** After a call message is delivered: an invitee who is already in another call answers busy (written in the invitee's name). */
export async function afterCallMessage(ctx: AppContext, signal: CallSignal): Promise<void> {
  const fresh = signal.actionType === CallAction.Invite && !isHangup(signal)
  if (!fresh) return
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
async function writeInNameOf(ctx: AppContext, sender: string, signal: CallSignal, peer: string | null, idPrefix: string): Promise<void> {
  const result = await sendMessage(ctx, sender, {
    clientMsgId: `${idPrefix}-${randomUUID()}`,
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

/** Relays a WebRTC frame to the other participant's devices; keep-alives only refresh the call. */
export async function handleRtcFrame(ctx: AppContext, session: SessionInfo, frame: RtcClientFrame, reply: (f: SingleServerFrame) => void): Promise<void> {
  const me = session.wtId
  const keepAlive = frame.payload.kind === 'alive'
  const grants = grantsOf(ctx)
  // Keep-alives always reach the database: they are what keeps the call alive there.
  if (keepAlive || !grants.has(frame.inviteID, me, frame.to)) {
    if (!(await relayAllowed(ctx.db, frame.inviteID, me, frame.to, keepAlive))) {
      return reply({ type: 'error', code: ResultCode.Forbidden, msg: 'inviteID: 通话不存在或已结束' })
    }
    grants.grant(frame.inviteID, me, frame.to)
  }
  if (keepAlive) return
  await ctx.bus.publish(userTopic(frame.to), { frame: { type: 'rtc', inviteID: frame.inviteID, from: me, payload: frame.payload } })
}
