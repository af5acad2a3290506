import {
  MomentError,
  MomentNoticeType,
  PraiseStatus,
  type MomentComment,
  type MomentInteractions,
  type MomentPraise,
  type PraiseActionResult,
} from '../../../../types/moments.js'
import type { Queryable } from '../../db/Db.js'
import { refuse } from '../../domain/refusal.js'
import { nameFor, personShownTo, twoWayFriends, unixTime, visibleTo } from './access.js'
import { readableMoment } from './posts.js'

/**
 * Likes and comments. A like or comment is shown only to its author and to the author's two-way
 * friends (as WeChat does), so two friends of the poster who are strangers to each other do not
 * see each other's words.
 */

async function praisesOf(q: Queryable, viewer: string, ids: number[]): Promise<Map<number, MomentPraise[]>> {
  const { rows } = await q.query<{ moment_id: string; wt_id: string; name: string; avatar: string }>(
    `SELECT p.moment_id, u.wt_id, ${nameFor('u', '$1')} AS name, u.avatar
     FROM moment_praises p JOIN users u ON u.wt_id = p.wt_id
     WHERE p.moment_id = ANY($2::bigint[]) AND ${personShownTo('p.wt_id', '$1')}
     ORDER BY p.created_at, p.wt_id`,
    [viewer, ids],
  )
  const byMoment = new Map<number, MomentPraise[]>()
  for (const r of rows) {
    const list = byMoment.get(Number(r.moment_id)) ?? []
    list.push({ wtId: r.wt_id, nickName: r.name, avatar: r.avatar })
    byMoment.set(Number(r.moment_id), list)
  }
  return byMoment
}

async function commentsOf(q: Queryable, viewer: string, ids: number[]): Promise<Map<number, MomentComment[]>> {
  const { rows } = await q.query<{
    id: string
    moment_id: string
    wt_id: string
    name: string
    avatar: string
    content: string
    reply_to: string | null
    reply_name: string | null
    created: string
  }>(
    `SELECT c.id, c.moment_id, u.wt_id, ${nameFor('u', '$1')} AS name, u.avatar, c.content, c.reply_to,
            (SELECT ${nameFor('ru', '$1')} FROM users ru WHERE ru.wt_id = c.reply_to) AS reply_name,
            ${unixTime('c.created_at')} AS created
     FROM moment_comments c JOIN users u ON u.wt_id = c.author_wt_id
     WHERE c.moment_id = ANY($2::bigint[]) AND ${personShownTo('c.author_wt_id', '$1')}
     ORDER BY c.id`,
    [viewer, ids],
  )
  const byMoment = new Map<number, MomentComment[]>()
  for (const r of rows) {
    const momentId = Number(r.moment_id)
    const list = byMoment.get(momentId) ?? []
    list.push({
      id: Number(r.id),
      friendsCircleId: momentId,
      wtId: r.wt_id,
      nickName: r.name,
      avatar: r.avatar,
      content: r.content,
      replyWtId: r.reply_to ?? '',
      replyNickName: r.reply_name ?? '',
      createTime: Number(r.created),
    })
    byMoment.set(momentId, list)
  }
  return byMoment
}

/** Likes, comments and the author's visibility tags of the moments the caller may read; others are left out. */
export async function interactionsOf(q: Queryable, viewer: string, ids: number[]): Promise<MomentInteractions[]> {
  const { rows } = await q.query<{ id: string; groups: Array<{ id: number; tagName: string }> }>(
    `SELECT m.id,
            CASE WHEN m.author_wt_id = $1 THEN COALESCE((SELECT json_agg(json_build_object('id', t.id, 'tagName', t.tag_name) ORDER BY t.id)
                                                        FROM user_tags t WHERE t.id = ANY(m.tag_ids) AND t.owner_wt_id = $1), '[]') ELSE '[]' END AS groups
     FROM moments m WHERE m.id = ANY($2::bigint[]) AND ${visibleTo('m', '$1')}
     ORDER BY m.id DESC`,
    [viewer, [...new Set(ids)]],
  )
  const visible = rows.map((r) => Number(r.id))
  if (!visible.length) return []
  const praises = await praisesOf(q, viewer, visible)
  const comments = await commentsOf(q, viewer, visible)
  return rows.map((r) => {
    const id = Number(r.id)
    const praiseList = praises.get(id) ?? []
    return {
      id,
      commentsList: comments.get(id) ?? [],
      praiseList,
      groupList: r.groups.map((g) => ({ id: Number(g.id), tagName: g.tagName })),
      minePraiseStatus: praiseList.some((p) => p.wtId === viewer) ? PraiseStatus.Yes : PraiseStatus.No,
    }
  })
}

export async function interactionsOfOne(q: Queryable, viewer: string, id: number): Promise<MomentInteractions> {
  const [one] = await interactionsOf(q, viewer, [id])
  if (!one) throw refuse(MomentError.NotFound)
  return one
}

/** Who has a notice to hear about after an interaction: their badge count changed. */
export interface Touched {
  noticeOwners: string[]
}

/** Likes or unlikes; the author gets (or loses) the like's notice. */
export async function togglePraise(q: Queryable, me: string, momentId: number): Promise<PraiseActionResult & Touched> {
  const moment = await readableMoment(q, me, momentId)
  const removed = await q.query('DELETE FROM moment_praises WHERE moment_id = $1 AND wt_id = $2', [momentId, me])
  const notifies = moment.wtId !== me
  if (removed.rowCount > 0) {
    await q.query('DELETE FROM moment_notices WHERE moment_id = $1 AND actor_wt_id = $2 AND kind = $3', [momentId, me, MomentNoticeType.Praise])
  } else {
    await q.query('INSERT INTO moment_praises (moment_id, wt_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [momentId, me])
    if (notifies) {
      await q.query('INSERT INTO moment_notices (owner_wt_id, actor_wt_id, moment_id, kind) VALUES ($1, $2, $3, $4)', [moment.wtId, me, momentId, MomentNoticeType.Praise])
    }
  }
  const praiseList = (await praisesOf(q, me, [momentId])).get(momentId) ?? []
  return {
    minePraiseStatus: removed.rowCount > 0 ? PraiseStatus.No : PraiseStatus.Yes,
    praiseList,
    noticeOwners: notifies ? [moment.wtId] : [],
  }
}

/**
 * Comments on a moment the caller may read, or replies to a comment on it the caller can see.
 * The author hears of a comment; the answered commenter hears of a reply when the two are friends
 * (only then can they see it).
 */
export async function addComment(
  q: Queryable,
  me: string,
  body: { friendsCircleId: number; content: string; replyCommentId: number | null },
): Promise<{ id: number; commentsList: MomentComment[] } & Touched> {
  const moment = await readableMoment(q, me, body.friendsCircleId)
  let replyTo: string | null = null
  if (body.replyCommentId !== null) {
    const { rows } = await q.query<{ author_wt_id: string }>(
      `SELECT c.author_wt_id FROM moment_comments c WHERE c.id = $2 AND c.moment_id = $3 AND ${personShownTo('c.author_wt_id', '$1')}`,
      [me, body.replyCommentId, body.friendsCircleId],
    )
    if (!rows[0]) throw refuse(MomentError.CommentNotFound)
    replyTo = rows[0].author_wt_id === me ? null : rows[0].author_wt_id
  }
  const { rows } = await q.query<{ id: string }>(
    'INSERT INTO moment_comments (moment_id, author_wt_id, reply_to, content) VALUES ($1, $2, $3, $4) RETURNING id',
    [body.friendsCircleId, me, replyTo, body.content],
  )
  const id = Number(rows[0]!.id)
  const owners: string[] = []
  const notify = async (owner: string, kind: MomentNoticeType) => {
    await q.query('INSERT INTO moment_notices (owner_wt_id, actor_wt_id, moment_id, comment_id, kind) VALUES ($1, $2, $3, $4, $5)', [owner, me, body.friendsCircleId, id, kind])
    owners.push(owner)
  }
  if (replyTo) {
    const { rows: friends } = await q.query<{ ok: boolean }>(`SELECT ${twoWayFriends('$1', '$2')} AS ok`, [me, replyTo])
    if (friends[0]!.ok) await notify(replyTo, MomentNoticeType.Reply)
  }
  if (moment.wtId !== me && moment.wtId !== replyTo) await notify(moment.wtId, MomentNoticeType.Comment)
  const commentsList = (await commentsOf(q, me, [body.friendsCircleId])).get(body.friendsCircleId) ?? []
  return { id, commentsList, noticeOwners: owners }
}

/** The commenter deletes their comment, or the moment's author any comment on it; its notices go too. */
export async function removeComment(q: Queryable, me: string, commentId: number): Promise<{ momentId: number; commentsList: MomentComment[] } & Touched> {
  const { rows } = await q.query<{ moment_id: string; author_wt_id: string; moment_author: string }>(
    `SELECT c.moment_id, c.author_wt_id, m.author_wt_id AS moment_author
     FROM moment_comments c JOIN moments m ON m.id = c.moment_id
     WHERE c.id = $2 AND ${personShownTo('c.author_wt_id', '$1')} AND ${visibleTo('m', '$1')}`,
    [me, commentId],
  )
  const comment = rows[0]
  if (!comment) throw refuse(MomentError.CommentNotFound)
  if (comment.author_wt_id !== me && comment.moment_author !== me) throw refuse(MomentError.NotCommentOwner)
  const { rows: owners } = await q.query<{ owner_wt_id: string }>('SELECT DISTINCT owner_wt_id FROM moment_notices WHERE comment_id = $1 AND NOT is_read', [commentId])
  await q.query('DELETE FROM moment_comments WHERE id = $1', [commentId])
  const momentId = Number(comment.moment_id)
  const commentsList = (await commentsOf(q, me, [momentId])).get(momentId) ?? []
  return { momentId, commentsList, noticeOwners: owners.map((o) => o.owner_wt_id) }
}
