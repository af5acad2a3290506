import { ContactError, TAG_COUNT_MAX, type FriendListItem, type Tag } from '../../../types/friends.js'
import type { Queryable } from '../db/Db.js'
import { listFriends, requireFriend } from './friends.js'
import { refuse } from './refusal.js'

/**
 * Tags are private to their owner: every call names the caller, and a tag ID of someone else
 * is answered exactly like one that does not exist.
 */

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505'

async function requireOwnTags(q: Queryable, me: string, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)]
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM user_tags WHERE owner_wt_id = $1 AND id = ANY($2::bigint[])', [
    me,
    unique,
  ])
  if (rows[0]!.n !== unique.length) throw refuse(ContactError.TagNotFound)
}

/** Only my two-way friends can carry my tags. */
async function requireFriends(q: Queryable, me: string, wtIds: string[]): Promise<string[]> {
  const unique = [...new Set(wtIds)]
  const friends = await listFriends(q, me, unique)
  if (friends.length !== unique.length) throw refuse(ContactError.NotFriend)
  return unique
}

/** My tags with their friend counts; tagStatus 1 on the tags `wtId` carries (when given). */
export async function listTags(q: Queryable, me: string, wtId: string | null = null): Promise<Tag[]> {
  const { rows } = await q.query<{ id: number; tag_name: string; user_count: number; selected: boolean }>(
    `SELECT t.id::int AS id, t.tag_name,
            (SELECT count(*)::int FROM user_tag_members m WHERE m.tag_id = t.id) AS user_count,
            EXISTS (SELECT 1 FROM user_tag_members m WHERE m.tag_id = t.id AND m.wt_id = $2) AS selected
     FROM user_tags t WHERE t.owner_wt_id = $1 ORDER BY t.id`,
    [me, wtId],
  )
  return rows.map((r) => ({ id: r.id, tagName: r.tag_name, tagStatus: r.selected ? 1 : 0, userCount: r.user_count }))
}

export async function addTag(q: Queryable, me: string, tagName: string): Promise<Tag> {
  const { rows: count } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM user_tags WHERE owner_wt_id = $1', [me])
  if (count[0]!.n >= TAG_COUNT_MAX) throw refuse(ContactError.TooManyTags)
  try {
    const { rows } = await q.query<{ id: number }>('INSERT INTO user_tags (owner_wt_id, tag_name) VALUES ($1, $2) RETURNING id::int AS id', [me, tagName])
    return { id: rows[0]!.id, tagName, tagStatus: 0, userCount: 0 }
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(ContactError.TagExists)
    throw err
  }
}

export async function renameTag(q: Queryable, me: string, tagId: number, tagName: string): Promise<void> {
  await requireOwnTags(q, me, [tagId])
  const { rows } = await q.query('SELECT 1 FROM user_tags WHERE owner_wt_id = $1 AND tag_name = $2 AND id <> $3', [me, tagName, tagId])
  if (rows[0]) throw refuse(ContactError.TagExists)
  await q.query('UPDATE user_tags SET tag_name = $3 WHERE owner_wt_id = $1 AND id = $2', [me, tagId, tagName])
}

export async function deleteTags(q: Queryable, me: string, ids: number[]): Promise<void> {
  await requireOwnTags(q, me, ids)
  await q.query('DELETE FROM user_tags WHERE owner_wt_id = $1 AND id = ANY($2::bigint[])', [me, ids])
}

/** Replaces the set of my tags one friend carries. */
export async function setTagsOfFriend(q: Queryable, me: string, friend: string, tagIds: number[]): Promise<void> {
  await requireFriend(q, me, friend)
  if (tagIds.length) await requireOwnTags(q, me, tagIds)
  await q.query(
    `DELETE FROM user_tag_members m USING user_tags t
     WHERE t.id = m.tag_id AND t.owner_wt_id = $1 AND m.wt_id = $2 AND NOT (t.id = ANY($3::bigint[]))`,
    [me, friend, tagIds],
  )
  await q.query(
    `INSERT INTO user_tag_members (tag_id, wt_id) SELECT t.id, $2 FROM user_tags t WHERE t.owner_wt_id = $1 AND t.id = ANY($3::bigint[])
     ON CONFLICT DO NOTHING`,
    [me, friend, tagIds],
  )
}

export async function addFriendsToTag(q: Queryable, me: string, tagId: number, wtIds: string[]): Promise<void> {
  await requireOwnTags(q, me, [tagId])
  const friends = await requireFriends(q, me, wtIds)
  await q.query('INSERT INTO user_tag_members (tag_id, wt_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [tagId, friends])
}

export async function removeFriendsFromTag(q: Queryable, me: string, tagId: number, wtIds: string[]): Promise<void> {
  await requireOwnTags(q, me, [tagId])
  await q.query('DELETE FROM user_tag_members WHERE tag_id = $1 AND wt_id = ANY($2::text[])', [tagId, wtIds])
}

export async function friendsWithTag(q: Queryable, me: string, tagId: number): Promise<FriendListItem[]> {
  await requireOwnTags(q, me, [tagId])
  const { rows } = await q.query<{ wt_id: string }>('SELECT wt_id FROM user_tag_members WHERE tag_id = $1', [tagId])
  return rows.length ? listFriends(q, me, rows.map((r) => r.wt_id)) : []
}
