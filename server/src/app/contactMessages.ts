import { randomUUID } from 'node:crypto'
import { MsgType, type Message, type OutgoingMessage } from '../../../types/chat.js'
import { CONTACT_CUSTOM_MSG_TEXT, ContactCustomMsg, ContactError } from '../../../types/friends.js'
import type { AppContext } from '../context.js'
import { isBlacklisted } from '../data/blacklist.js'
import { areFriends } from '../data/friends.js'
import { toMessage } from '../domain/messages.js'
import { checkC2CRules, sendMessage, type SendContext } from './messages/sendMessage.js'
import { forbidden, refuse } from '../domain/refusal.js'
import { serverMsgId } from '../domain/serverMsgIds.js'
import { newEffects, outcome, record, type Outcome } from './effects.js'

/**
 * A contacts custom message (/api/user/sendCustomMessage). Each must match the relation it
 * announces: addFriend between friends, addBlack after I blacklisted the peer, deleteFriend once
 * we are no longer friends. The send rules (sender ban 20012, peer closed 20003, peer's blacklist
 * 20007) are checked before the relation, as on every other send path.
 */
export async function sendContactMessage(
  ctx: SendContext & Pick<AppContext, 'db'>,
  me: string,
  body: { fromWtId: string; toWtId: string; type: (typeof ContactCustomMsg)[keyof typeof ContactCustomMsg] },
): Promise<Outcome<Message>> {
  const { fromWtId, toWtId, type } = body
  if (fromWtId !== me) throw forbidden()
  if (toWtId === me) throw refuse(ContactError.UserNotFound)
  await checkC2CRules(ctx.db, me, toWtId)
  const friends = await areFriends(ctx.db, me, toWtId)
  const fits = type === ContactCustomMsg.AddFriend ? friends : type === ContactCustomMsg.DeleteFriend ? !friends : await isBlacklisted(ctx.db, me, toWtId)
  if (!fits) throw forbidden('好友关系与消息类型不符')
  const message: OutgoingMessage = {
    clientMsgId: serverMsgId('contact', randomUUID()),
    conversationID: `C2C${toWtId}`,
    type: MsgType.Custom,
    payload: { data: JSON.stringify({ type }), description: CONTACT_CUSTOM_MSG_TEXT[type], extension: '' },
    cloudCustomData: '',
    atUserList: [],
    needReadReceipt: false,
  }
  const sent = await sendMessage(ctx, me, message)
  return outcome(toMessage(sent.message, me), record(newEffects(), { kind: 'message', sent }))
}
