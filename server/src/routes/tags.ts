import type { FastifyInstance } from 'fastify'
import { ContactText } from '../../../types/friends.js'
import { contactRoutes } from '../../../types/routes/contacts.js'
import { settle } from '../app/publish/index.js'
import { addFriendsToTag, addTag, deleteTags, friendsWithTag, listTags, removeFriendsFromTag, renameTag, setTagsOfFriend } from '../app/tags.js'
import type { AppContext } from '../context.js'
import { actorOf } from '../http/actor.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** /api/userTag: the caller's own tags; nobody reads or changes another user's. */
export function tagPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))


    serve(app, contactRoutes.tagList, async (req) => ok(await listTags(ctx, sessionOf(req).wtId)))

    serve(app, contactRoutes.tagsOfUser, async (req) => ok(await listTags(ctx, sessionOf(req).wtId, req.body.wtId)))

    serve(app, contactRoutes.setUserTags, async (req) => {
      await settle(ctx, setTagsOfFriend(ctx, actorOf(req), req.body.friendsWtId, req.body.tagIds))
      return ok(null, ContactText.UpdateOk)
    })

    serve(app, contactRoutes.tagMembers, async (req) => ok(await friendsWithTag(ctx, sessionOf(req).wtId, req.body.id)))

    serve(app, contactRoutes.addTag, async (req) => ok(await settle(ctx, addTag(ctx, actorOf(req), req.body.tagName)), '创建成功'))

    serve(app, contactRoutes.addTagMembers, async (req) => {
      await settle(ctx, addFriendsToTag(ctx, actorOf(req), req.body.tagId, req.body.wtIds))
      return ok(null, ContactText.UpdateOk)
    })

    serve(app, contactRoutes.removeTagMembers, async (req) => {
      await settle(ctx, removeFriendsFromTag(ctx, actorOf(req), req.body.tagId, req.body.wtIds))
      return ok(null, ContactText.UpdateOk)
    })

    serve(app, contactRoutes.deleteTags, async (req) => {
      await settle(ctx, deleteTags(ctx, actorOf(req), req.body.ids))
      return ok(null, '删除成功')
    })

    serve(app, contactRoutes.renameTag, async (req) => {
      await settle(ctx, renameTag(ctx, actorOf(req), req.body.tagId, req.body.tagName))
      return ok(null, ContactText.UpdateOk)
    })
  }
}
