import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ContactText, FriendChangeKind } from '../../../types/friends.js'
import { contactRoutes } from '../../../types/routes/contacts.js'
import type { AppContext } from '../context.js'
import {
  addFriendsToTag,
  addTag,
  deleteTags,
  friendsWithTag,
  listTags,
  removeFriendsFromTag,
  renameTag,
  setTagsOfFriend,
} from '../domain/tags.js'
import { requireSession, sessionOf } from '../http/auth.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'
import { pushFriendChange } from '../realtime/contactEvents.js'

/** /api/userTag: the caller's own tags; nobody reads or changes another user's. */
export function tagRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireSession(ctx))

    /** Tags show in the friend list, so other devices refresh it. */
    const changed = (req: FastifyRequest, about = '') => {
      const { wtId, tokenHash } = sessionOf(req)
      return pushFriendChange(ctx, wtId, FriendChangeKind.Updated, about, tokenHash)
    }

    serve(app, contactRoutes.tagList, async (req) => ok(await listTags(ctx.db, sessionOf(req).wtId)))

    serve(app, contactRoutes.tagsOfUser, async (req) => ok(await listTags(ctx.db, sessionOf(req).wtId, req.body.wtId)))

    serve(app, contactRoutes.setUserTags, async (req) => {
      await ctx.db.tx((q) => setTagsOfFriend(q, sessionOf(req).wtId, req.body.friendsWtId, req.body.tagIds))
      await changed(req, req.body.friendsWtId)
      return ok(null, ContactText.UpdateOk)
    })

    serve(app, contactRoutes.tagMembers, async (req) => ok(await friendsWithTag(ctx.db, sessionOf(req).wtId, req.body.id)))

    serve(app, contactRoutes.addTag, async (req) => {
      const tag = await addTag(ctx.db, sessionOf(req).wtId, req.body.tagName)
      await changed(req)
      return ok(tag, '创建成功')
    })

    serve(app, contactRoutes.addTagMembers, async (req) => {
      await ctx.db.tx((q) => addFriendsToTag(q, sessionOf(req).wtId, req.body.tagId, req.body.wtIds))
      await changed(req)
      return ok(null, ContactText.UpdateOk)
    })

    serve(app, contactRoutes.removeTagMembers, async (req) => {
      await removeFriendsFromTag(ctx.db, sessionOf(req).wtId, req.body.tagId, req.body.wtIds)
      await changed(req)
      return ok(null, ContactText.UpdateOk)
    })

    serve(app, contactRoutes.deleteTags, async (req) => {
      await ctx.db.tx((q) => deleteTags(q, sessionOf(req).wtId, req.body.ids))
      await changed(req)
      return ok(null, '删除成功')
    })

    serve(app, contactRoutes.renameTag, async (req) => {
      await ctx.db.tx((q) => renameTag(q, sessionOf(req).wtId, req.body.tagId, req.body.tagName))
      await changed(req)
      return ok(null, ContactText.UpdateOk)
    })
  }
}
