import type { Queryable } from '../../db/Db.js'
import { MomentVisibility } from '../../../../types/moments.js'

/**
 * Who may see what, as SQL fragments over a viewer parameter. Every moments query is built from
 * these, so the feed, the album, the detail, the batch and the notices cannot disagree.
 */

/** `a` and `b` are two-way friends now. */
export const twoWayFriends = (a: string, b: string) =>
  `(EXISTS (SELECT 1 FROM friendships f1 WHERE f1.owner_wt_id = ${a} AND f1.friend_wt_id = ${b})
    AND EXISTS (SELECT 1 FROM friendships f2 WHERE f2.owner_wt_id = ${b} AND f2.friend_wt_id = ${a}))`

const noBlacklist = (a: string, b: string) =>
  `NOT EXISTS (SELECT 1 FROM user_blacklist bl WHERE (bl.owner_wt_id = ${a} AND bl.target_wt_id = ${b}) OR (bl.owner_wt_id = ${b} AND bl.target_wt_id = ${a}))`

/** The moment's own setting admits the viewer (the author is handled by the caller). */
export const audienceAdmits = (m: string, viewer: string) =>
  `(${m}.visibility = ${MomentVisibility.AllFriends}
    OR (${m}.visibility = ${MomentVisibility.Tags} AND EXISTS (SELECT 1 FROM moment_audience ma WHERE ma.moment_id = ${m}.id AND ma.wt_id = ${viewer}))
    OR (${m}.visibility = ${MomentVisibility.ExceptTags} AND NOT EXISTS (SELECT 1 FROM moment_audience ma WHERE ma.moment_id = ${m}.id AND ma.wt_id = ${viewer})))`

/**
 * Moment `m` may be read by `viewer`: the author, or a two-way friend the author lets see their
 * moments (mineSpaceStatus), with no blacklist either way, whom the moment's audience admits.
 * `feed` also honours the viewer's 'don't see his moments' (friendsSpaceStatus), which hides the
 * author from the feed but not from the album or a moment opened by its id.
 */
export const visibleTo = (m: string, viewer: string, feed = false) =>
  `(${m}.author_wt_id = ${viewer} OR (
     EXISTS (SELECT 1 FROM friendships fa WHERE fa.owner_wt_id = ${m}.author_wt_id AND fa.friend_wt_id = ${viewer} AND fa.mine_space_status = 0)
     AND EXISTS (SELECT 1 FROM friendships fv WHERE fv.owner_wt_id = ${viewer} AND fv.friend_wt_id = ${m}.author_wt_id${feed ? ' AND fv.friends_space_status = 0' : ''})
     AND ${noBlacklist(`${m}.author_wt_id`, viewer)}
     AND ${audienceAdmits(m, viewer)}))`

/**
 * The authors of the viewer's feed: the viewer and every friend whose moments the flags and the
 * blacklist let through. A join on this set lets the author index serve the feed.
 */
export const feedAuthors = (viewer: string) =>
  `SELECT ${viewer}::text AS wt_id
   UNION ALL
   SELECT f.friend_wt_id FROM friendships f
   JOIN friendships r ON r.owner_wt_id = f.friend_wt_id AND r.friend_wt_id = f.owner_wt_id
   WHERE f.owner_wt_id = ${viewer} AND f.friends_space_status = 0 AND r.mine_space_status = 0
     AND ${noBlacklist('f.friend_wt_id', viewer)}`

/** A person (a liker or commenter) shown to `viewer`: themselves or a two-way friend of theirs, as WeChat does. */
export const personShownTo = (person: string, viewer: string) => `(${person} = ${viewer} OR ${twoWayFriends(person, viewer)})`

/** The name `viewer` knows `person` by: their remark, else the nickname (`u` is the person's users row). */
export const nameFor = (u: string, viewer: string) =>
  `COALESCE(NULLIF((SELECT fr.remark FROM friendships fr WHERE fr.owner_wt_id = ${viewer} AND fr.friend_wt_id = ${u}.wt_id), ''), ${u}.nick_name)`

export const unixTime = (col: string) => `floor(extract(epoch FROM ${col}))::bigint`

/** The author and everyone who has the author as a friend: whose feeds a moment of the author's may enter or leave. */
export async function feedsShowingAuthor(q: Queryable, author: string): Promise<string[]> {
  const { rows } = await q.query<{ owner_wt_id: string }>('SELECT owner_wt_id FROM friendships WHERE friend_wt_id = $1', [author])
  return [author, ...rows.map((r) => r.owner_wt_id)]
}

/** Everyone but its author whose feed shows the moment: who hears of it as it is posted. */
export async function feedReadersOf(q: Queryable, momentId: number): Promise<string[]> {
  const { rows } = await q.query<{ wt_id: string }>(
    `SELECT f.owner_wt_id AS wt_id FROM moments m JOIN friendships f ON f.friend_wt_id = m.author_wt_id
     WHERE m.id = $1 AND f.owner_wt_id <> m.author_wt_id AND ${visibleTo('m', 'f.owner_wt_id', true)}`,
    [momentId],
  )
  return rows.map((r) => r.wt_id)
}
