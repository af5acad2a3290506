import type { PinnedMessage } from '../../../../types/messageOps.js'
import { NoticeType } from '../../../../types/ws.js'
import type { AppContext } from '../../context.js'
import { deletePinRow, insertPin, pinChannel, pinsOf, windowMessageById } from '../../data/messageOps/pins.js'
import { c2cChannel } from '../../domain/conversationIds.js'
import { checkPinnable, pinContent, toPinned } from '../../domain/messageOps/pins.js'
import { badRequest, notFound } from '../../domain/refusal.js'
import { newEffects, outcome, record, type Effects, type Outcome } from '../effects.js'
import { openWindow } from './access.js'

type Ctx = Pick<AppContext, 'db'>

/** Type 3 only says "refresh": each side reads the list again, so no per-viewer payload is needed. */
const pinsChanged = (a: string, b: string): Effects =>
  record(newEffects(), ...[a, b].map((wtId) => ({ kind: 'userFrame' as const, wtId, frame: { type: NoticeType.TopMessageChanged } })))

/** The pinned messages of the one-to-one chat with `peer`, newest first. */
export async function listPins(ctx: Ctx, me: string, peer: string): Promise<PinnedMessage[]> {
  if (peer === me) return []
  return (await pinsOf(ctx.db, c2cChannel(me, peer))).map((r) => toPinned(r, me, peer))
}

export async function addPin(ctx: Ctx, me: string, body: { toUserWtId: string; senderWtId: string; msgId: string; msgContent: string }): Promise<Outcome<PinnedMessage>> {
  const peer = body.toUserWtId
  if (peer === me) throw badRequest('toUserWtId: 不能是自己')
  if (body.senderWtId !== me && body.senderWtId !== peer) throw badRequest('senderWtId: 必须是会话双方之一')
  const prefix = `${body.senderWtId}-`
  if (!body.msgId.startsWith(prefix)) throw badRequest('msgId: 与 senderWtId 不符')
  const { window } = await openWindow(ctx.db, me, `C2C${peer}`)
  const msg = await windowMessageById(ctx.db, me, window, body.senderWtId, body.msgId.slice(prefix.length))
  checkPinnable(msg)
  const content = pinContent(body.msgContent, msg.type, msg.payload)
  await insertPin(ctx.db, { channelId: window.channel_id, seq: msg.seq, msgId: body.msgId, sender: body.senderWtId, content, by: me })
  const pinned = (await listPins(ctx, me, peer)).find((p) => p.msgId === body.msgId)
  return outcome(pinned!, pinsChanged(me, peer))
}

export async function deletePin(ctx: Ctx, me: string, id: number): Promise<Outcome<null>> {
  const channel = await pinChannel(ctx.db, id)
  const [, a, b] = channel?.split(':') ?? []
  // Someone else's pin reads as missing, so IDs of other chats cannot be probed.
  if (!channel || (a !== me && b !== me)) throw notFound('置顶消息不存在')
  await deletePinRow(ctx.db, id)
  return outcome(null, pinsChanged(a!, b!))
}
