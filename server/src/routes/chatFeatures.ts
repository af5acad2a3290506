import type { FastifyInstance } from 'fastify'
import { chatRoutes } from '../../../types/routes/chat.js'
import type { AppContext } from '../context.js'
import { searchHistory } from '../app/search/messages.js'
import { translate, voiceToText } from '../app/messageOps/language.js'
import { toggleReaction } from '../app/messageOps/reactions.js'
import { searchWithReactions } from '../app/messageOps/search.js'
import { requireFeature } from '../domain/messageOps/access.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** Reactions, translation, voice-to-text and search (/api/im): each answers only while its chatFeatures flag is on. */
export function chatFeaturePlugin(ctx: AppContext) {
  const provider = ctx.language
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
      return ok(await searchWithReactions(ctx, sessionOf(req).wtId, req.body))
    })

    serve(app, chatRoutes.searchAll, async (req) => {
      requireFeature(features, 'messageSearch')
      return ok(await searchHistory(ctx.db, sessionOf(req).wtId, req.body))
    })
  }
}
