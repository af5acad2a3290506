import fs from 'node:fs'
import path from 'node:path'
import type { Paged } from '../../../types/envelope.js'
import type { Moment, MomentComment, MomentDetail, MomentInteractions, MomentNotice, PraiseActionResult } from '../../../types/moments.js'
import { NoticeType } from '../../../types/ws.js'
import type { AppContext } from '../context.js'
import { feedReadersOf, feedsShowingAuthor } from '../data/moments/access.js'
import { addComment, interactionsOf, interactionsOfOne, removeComment, togglePraise } from '../data/moments/interactions.js'
import { clearNotices, listNotices, unreadNotices } from '../data/moments/notices.js'
import { addMoment, listMoments, readableMoment, removeMoment, type NewMoment } from '../data/moments/posts.js'
import { newEffects, outcome, record, type Effects, type Outcome } from './effects.js'

/**
 * Moments: posting, the feed, likes, comments and their notices. Every read is checked against
 * the viewer (data/moments/access.ts). A change drops the cached first feed pages it may alter,
 * on every process, and tells the people whose unread notices changed.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'firstPages'>

const touched = (momentId: number, noticeOwners: string[]): Effects =>
  record(newEffects(), { kind: 'feeds', change: { moments: [momentId] } }, { kind: 'momentsCount', wtIds: noticeOwners })

/**
 * A new moment enters the feeds of its author and of everyone who has the author as a friend;
 * the friends whose feed shows it are told, for the dot on their moments entry.
 */
export async function publishMoment(ctx: Ctx, me: string, body: NewMoment): Promise<Outcome<Moment>> {
  const moment = await ctx.db.tx((q) => addMoment(q, me, body))
  const fx = record(newEffects(), { kind: 'feeds', change: { viewers: await feedsShowingAuthor(ctx.db, me) } })
  for (const wtId of await feedReadersOf(ctx.db, moment.id)) record(fx, { kind: 'userFrame', wtId, frame: { type: NoticeType.FriendMoment, wtId: me } })
  return outcome(moment, fx)
}

/** The feed or one user's album; the first page of the feed, which every visit opens, comes from the cache with its likes and comments. */
export async function feed(ctx: Ctx, me: string, page: { pageNum: number; pageSize: number; wtId?: string }): Promise<Paged<Moment>> {
  const { pageNum, pageSize, wtId } = page
  if (wtId || pageNum !== 1) return listMoments(ctx.db, me, page)
  const first = await ctx.firstPages.get(me, pageSize, async () => {
    const rows = await listMoments(ctx.db, me, { pageNum, pageSize })
    return { page: rows, interactions: await interactionsOf(ctx.db, me, rows.rows.map((m) => m.id)) }
  })
  return first.page
}

export async function momentDetail(ctx: Ctx, me: string, id: number): Promise<MomentDetail> {
  const moment = await readableMoment(ctx.db, me, id)
  const { commentsList, praiseList, groupList, minePraiseStatus } = await interactionsOfOne(ctx.db, me, id)
  return { ...moment, commentsList, praiseList, groupList, minePraiseStatus }
}

/** Likes and comments of several moments: from the cached first page when it has them all. */
export const interactionsBatch = async (ctx: Ctx, me: string, ids: number[]): Promise<MomentInteractions[]> =>
  ctx.firstPages.interactions(me, ids) ?? (await interactionsOf(ctx.db, me, ids))

export const interactions = (ctx: Ctx, me: string, id: number): Promise<MomentInteractions> => interactionsOfOne(ctx.db, me, id)

/** The author deletes a moment; its files no other row uses go from the disk once the deletion is committed. */
export async function deleteMoment(ctx: Ctx, me: string, id: number): Promise<Outcome<void>> {
  const { noticeOwners, orphanUploads } = await ctx.db.tx((q) => removeMoment(q, me, id))
  const fx = record(newEffects(), { kind: 'feeds', change: { viewers: await feedsShowingAuthor(ctx.db, me), moments: [id] } })
  await Promise.all(orphanUploads.map((upload) => fs.promises.rm(path.join(ctx.config.uploadDir, upload), { force: true })))
  return outcome(undefined, record(fx, { kind: 'momentsCount', wtIds: noticeOwners }))
}

export async function praise(ctx: Ctx, me: string, momentId: number): Promise<Outcome<PraiseActionResult>> {
  const { noticeOwners, ...result } = await ctx.db.tx((q) => togglePraise(q, me, momentId))
  return outcome(result, touched(momentId, noticeOwners))
}

export async function comment(
  ctx: Ctx,
  me: string,
  body: { friendsCircleId: number; content: string; replyCommentId: number | null },
): Promise<Outcome<{ id: number; commentsList: MomentComment[] }>> {
  const { noticeOwners, ...result } = await ctx.db.tx((q) => addComment(q, me, body))
  return outcome(result, touched(body.friendsCircleId, noticeOwners))
}

export async function deleteComment(ctx: Ctx, me: string, commentId: number): Promise<Outcome<MomentComment[]>> {
  const { noticeOwners, commentsList, momentId } = await ctx.db.tx((q) => removeComment(q, me, commentId))
  return outcome(commentsList, touched(momentId, noticeOwners))
}

/** My notices; reading them marks them read, which my other devices' counters show. */
export async function notices(ctx: Ctx, me: string, page: { pageNum: number; pageSize: number }): Promise<Outcome<Paged<MomentNotice>>> {
  const { hadUnread, ...list } = await listNotices(ctx.db, me, page)
  return outcome(list, hadUnread ? record(newEffects(), { kind: 'momentsCount', wtIds: [me] }) : newEffects())
}

export async function clearAllNotices(ctx: Ctx, me: string): Promise<Outcome<void>> {
  await clearNotices(ctx.db, me)
  return outcome(undefined, record(newEffects(), { kind: 'momentsCount', wtIds: [me] }))
}

export const unreadNoticeCount = (ctx: Ctx, me: string): Promise<number> => unreadNotices(ctx.db, me)
