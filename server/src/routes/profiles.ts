import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { MsgType, type OutgoingMessage } from '../../../types/chat.js'
import { CONTACT_CUSTOM_MSG_TEXT, ContactCustomMsg, ContactError, type FriendInfoResult } from '../../../types/friends.js'
import { accountRoutes } from '../../../types/routes/account.js'
import type { AppContext } from '../context.js'
import { isBlacklisted } from '../domain/blacklist.js'
import { areFriends, friendInfo } from '../domain/friends.js'
import { checkC2CRules, sendMessage, toMessage } from '../domain/messages.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { forbidden, refuse } from '../domain/refusal.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'
import { pushMessage } from '../realtime/chatEvents.js'
import { serverMsgId } from '../domain/serverMsgIds.js'

/** /api/user/friendInfo and /api/user/sendCustomMessage: profiles and the contacts custom messages. */
export function profileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, accountRoutes.friendInfo, async (req) =>
      ok<FriendInfoResult>({ data: await friendInfo(ctx.db, sessionOf(req).wtId, req.body.searchId) }),
    )

    /**
     * Each message must match the relation it announces: addFriend between friends, addBlack
     * after I blacklisted the peer, deleteFriend once we are no longer friends. The send rules
     * (sender ban 20012, peer closed 20003, peer's blacklist 20007) are checked before the relation.
     */
    serve(app, accountRoutes.sendCustomMessage, async (req) => {
      const me = sessionOf(req).wtId
      const { fromWtId, toWtId, type } = req.body
      if (fromWtId !== me) throw forbidden()
      if (toWtId === me) throw refuse(ContactError.UserNotFound)
      // The send rules answer first, as on every other send path; the relation is this path's own check.
      await checkC2CRules(ctx.db, me, toWtId)
      const friends = await areFriends(ctx.db, me, toWtId)
      const fits =
        type === ContactCustomMsg.AddFriend ? friends : type === ContactCustomMsg.DeleteFriend ? !friends : await isBlacklisted(ctx.db, me, toWtId)
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
      const result = await sendMessage(ctx, me, message)
      await pushMessage(ctx, result.message, result.ref, result.recipients, null)
      return ok(toMessage(result.message, me))
    })
  }
}
