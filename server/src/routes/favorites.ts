import type { FastifyInstance } from 'fastify'
import { FavoriteText, TopStatus } from '../../../types/favorites.js'
import { COLLECT_OK_TEXT } from '../../../types/messageOps.js'
import { favoriteRoutes } from '../../../types/routes/favorites.js'
import type { AppContext } from '../context.js'
import { addFavorite, deleteFavorites, favoritePage, setFavoriteTop } from '../app/favorites.js'
import { addPhrase, deletePhrases, listPhrases, setPhraseSwitch, sortPhrases, updatePhrase } from '../app/phrases.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'
import { askHelper, helperAnswer, helperQuestions } from '../app/helper.js'

/** Favorites, quick phrases and the helper (spec 7 "Quick phrases, favorites, pinned messages, helper"); every call is the caller's own. */
export function favoritePlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))
    const me = (req: Parameters<typeof sessionOf>[0]) => sessionOf(req).wtId

    serve(app, favoriteRoutes.collectionAdd, async (req) => ok(await addFavorite(ctx, me(req), req.body), COLLECT_OK_TEXT))
    serve(app, favoriteRoutes.collectionList, async (req) => ok(await favoritePage(ctx, me(req), req.body)))
    serve(app, favoriteRoutes.collectionBatchDel, async (req) => ok({ deleted: await deleteFavorites(ctx, me(req), req.body.ids) }, FavoriteText.Deleted))
    serve(app, favoriteRoutes.collectionTopSet, async (req) => ok(await setFavoriteTop(ctx, me(req), req.body.id, TopStatus.On), FavoriteText.Pinned))
    serve(app, favoriteRoutes.collectionTopCancel, async (req) => ok(await setFavoriteTop(ctx, me(req), req.body.id, TopStatus.Off), FavoriteText.Unpinned))

    serve(app, favoriteRoutes.phraseList, async (req) => ok(await listPhrases(ctx, me(req))))
    serve(app, favoriteRoutes.phraseAdd, async (req) => ok(await addPhrase(ctx, me(req), req.body.word, req.body.wordSort)))
    serve(app, favoriteRoutes.phraseUpdate, async (req) => ok(await updatePhrase(ctx, me(req), req.body.id, req.body.word, req.body.wordSort)))
    serve(app, favoriteRoutes.phraseSort, async (req) => ok(await sortPhrases(ctx, me(req), req.body.ids)))
    serve(app, favoriteRoutes.phraseDelete, async (req) => ok({ deleted: await deletePhrases(ctx, me(req), req.body.ids) }))
    serve(app, favoriteRoutes.phraseSwitch, async (req) => ok(await setPhraseSwitch(ctx, me(req), req.body.phraseSwitch)))

    serve(app, favoriteRoutes.helperList, async () => ok(await helperQuestions(ctx)))
    serve(app, favoriteRoutes.helperQuestion, async (req) => ok(await askHelper(ctx, me(req), req.body.id)))
    serve(app, favoriteRoutes.helperKeyWord, async (req) => ok(await helperAnswer(ctx, req.body.keyWord)))
  }
}
