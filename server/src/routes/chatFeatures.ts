import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { MessageSearchBody, ReactionBody, TranslateBody, VoiceToTextBody } from '../../../types/messageOps.js'
import type { AppContext } from '../context.js'
import { openWindow, requireFeature } from '../domain/messageOps/access.js'
import { languageProviderFor, translate, voiceToText } from '../domain/messageOps/language.js'
import { toggleReaction, withReactions } from '../domain/messageOps/reactions.js'
import { searchMessages } from '../domain/messageOps/search.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'

/** Reactions, translation, voice-to-text and search (/api/im): each answers only while its chatFeatures flag is on. */
export function chatFeatureRoutes(ctx: AppContext) {
  const provider = languageProviderFor(ctx.config.languageProvider)
  const features = ctx.config.chatFeatures
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.addHook('preHandler', requireSession(ctx))

    r.post('/message/reaction', { schema: { body: ReactionBody } }, async (req) => {
      requireFeature(features, 'emojiReaction')
      return ok({ reactionList: await toggleReaction(ctx, sessionOf(req).wtId, req.body) })
    })

    r.post('/translate', { schema: { body: TranslateBody } }, async (req) => {
      requireFeature(features, 'translate')
      return ok(await translate(provider, req.body))
    })

    r.post('/voiceToText', { schema: { body: VoiceToTextBody } }, async (req) => {
      requireFeature(features, 'voiceToText')
      return ok(await voiceToText(ctx, provider, sessionOf(req).wtId, req.body))
    })

    r.post('/messages/search', { schema: { body: MessageSearchBody } }, async (req) => {
      requireFeature(features, 'messageSearch')
      const me = sessionOf(req).wtId
      const { window } = await openWindow(ctx.db, me, req.body.conversationID)
      return ok(await withReactions(ctx.db, window.channel_id, me, await searchMessages(ctx.db, me, window, req.body)))
    })
  }
}
