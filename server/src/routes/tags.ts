import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  ContactText,
  FriendChangeKind,
  InitSetListBody,
  SetTag4UserBody,
  TagAddBody,
  TagDeleteBatchBody,
  TagIdBody,
  TagRenameBody,
  TagUsersBody,
} from '../../../types/friends.js'
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
import { pushFriendChange } from '../realtime/contactEvents.js'

/** /api/userTag: the caller's own tags; nobody reads or changes another user's. */
export function tagRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.addHook('preHandler', requireSession(ctx))

    /** Tags show in the friend list, so other devices refresh it. */
    const changed = (req: FastifyRequest, about = '') => {
      const { wtId, tokenHash } = sessionOf(req)
      return pushFriendChange(ctx, wtId, FriendChangeKind.Updated, about, tokenHash)
    }

    r.get('/list', async (req) => ok(await listTags(ctx.db, sessionOf(req).wtId)))

    r.post('/initSetList', { schema: { body: InitSetListBody } }, async (req) => ok(await listTags(ctx.db, sessionOf(req).wtId, req.body.wtId)))

    r.post('/setTag4User', { schema: { body: SetTag4UserBody } }, async (req) => {
      await ctx.db.tx((q) => setTagsOfFriend(q, sessionOf(req).wtId, req.body.friendsWtId, req.body.tagIds))
      await changed(req, req.body.friendsWtId)
      return ok(null, ContactText.UpdateOk)
    })

    r.post('/getUserList', { schema: { body: TagIdBody } }, async (req) => ok(await friendsWithTag(ctx.db, sessionOf(req).wtId, req.body.id)))

    r.post('/add', { schema: { body: TagAddBody } }, async (req) => {
      const tag = await addTag(ctx.db, sessionOf(req).wtId, req.body.tagName)
      await changed(req)
      return ok(tag, '创建成功')
    })

    r.post('/addUser4Tag', { schema: { body: TagUsersBody } }, async (req) => {
      await ctx.db.tx((q) => addFriendsToTag(q, sessionOf(req).wtId, req.body.tagId, req.body.wtIds))
      await changed(req)
      return ok(null, ContactText.UpdateOk)
    })

    r.post('/deleteUser4Tag', { schema: { body: TagUsersBody } }, async (req) => {
      await removeFriendsFromTag(ctx.db, sessionOf(req).wtId, req.body.tagId, req.body.wtIds)
      await changed(req)
      return ok(null, ContactText.UpdateOk)
    })

    r.post('/deleteBatch', { schema: { body: TagDeleteBatchBody } }, async (req) => {
      await ctx.db.tx((q) => deleteTags(q, sessionOf(req).wtId, req.body.ids))
      await changed(req)
      return ok(null, '删除成功')
    })

    r.post('/rename', { schema: { body: TagRenameBody } }, async (req) => {
      await ctx.db.tx((q) => renameTag(q, sessionOf(req).wtId, req.body.tagId, req.body.tagName))
      await changed(req)
      return ok(null, ContactText.UpdateOk)
    })
  }
}
