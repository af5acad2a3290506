import type { FastifyInstance } from 'fastify'
import type { Message } from '../../../types/chat.js'
import { chatRoutes } from '../../../types/routes/chat.js'
import { favoriteRoutes } from '../../../types/routes/favorites.js'
import type { AppContext } from '../context.js'
import { openWindow, requireFeature } from '../domain/messageOps/access.js'
import { languageProviderFor, translate, voiceToText } from '../domain/messageOps/language.js'
import { addPin, deletePin, listPins } from '../domain/messageOps/pins.js'
import { reactionLists, toggleReaction } from '../domain/messageOps/reactions.js'
import { searchMessages } from '../domain/messageOps/search.js'
import type { Queryable } from '../db/Db.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** Fills reactionList on a page of messages of one channel (one query for the page). */
export async function withReactions<P extends { messages: Message[] }>(q: Queryable, channelId: string, me: string, page: P): Promise<P> {
  const lists = await reactionLists(q, channelId, page.messages.map((m) => m.sequence), me)
  for (const m of page.messages) m.reactionList = lists.get(m.sequence) ?? []
  return page
}

/** Reactions, translation, voice-to-text and search: the chat engine's HTTP side (/api/im). */
export function messageOpsBRoutes(ctx: AppContext) {
  const provider = languageProviderFor(ctx.config.languageProvider)
  const features = ctx.config.chatFeatures
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    serve(app, chatRoutes.reaction, async (req) => {
      requireFeature(features, 'emojiReaction')
      return ok({ reactionList: await toggleReaction(ctx, sessionOf(req).wtId, req.body) })
    })

    serve(app, chatRoutes.translate, async (req) => {
      requireFeature(features, 'translate')
      return ok(await translate(provider, req.body))
    })

    serve(app, chatRoutes.voiceToText, async (req) => {
      requireFeature(features, 'voiceToText')
      return ok(await voiceToText(ctx, provider, sessionOf(req).wtId, req.body))
    })

    serve(app, chatRoutes.search, async (req) => {
      requireFeature(features, 'messageSearch')
      const me = sessionOf(req).wtId
      const { window } = await openWindow(ctx.db, me, req.body.conversationID)
      return ok(await withReactions(ctx.db, window.channel_id, me, await searchMessages(ctx.db, me, window, req.body)))
    })
  }
}

/** Pinned messages of one-to-one chats (/api/user/c2cTop). */
export function c2cTopRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))
    serve(app, favoriteRoutes.pinList, async (req) => ok(await listPins(ctx, sessionOf(req).wtId, req.body.toUserWtId)))
    serve(app, favoriteRoutes.pinAdd, async (req) => ok(await addPin(ctx, sessionOf(req).wtId, req.body), '置顶成功'))
    serve(app, favoriteRoutes.pinDelete, async (req) => {
      await deletePin(ctx, sessionOf(req).wtId, req.body.id)
      return ok(null, '已取消置顶')
    })
  }
}
