import type { Tag } from '../../../types/friends.js'
import type { Queryable } from '../db/Db.js'

/** Tags are private to their owner: every query names the owner. */

/** How many of `ids` are tags of `owner`. */
export async function ownTagCount(q: Queryable, owner: string, ids: number[]): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM user_tags WHERE owner_wt_id = $1 AND id = ANY($2::bigint[])', [owner, ids])
  return rows[0]!.n
}

/** The owner's tags with their friend counts; tagStatus 1 on the tags `wtId` carries (when given). */
export async function listTags(q: Queryable, owner: string, wtId: string | null): Promise<Tag[]> {
  const { rows } = await q.query<{ id: number; tag_name: string; user_count: number; selected: boolean }>(
    `SELECT t.id::int AS id, t.tag_name,
            (SELECT count(*)::int FROM user_tag_members m WHERE m.tag_id = t.id) AS user_count,
            EXISTS (SELECT 1 FROM user_tag_members m WHERE m.tag_id = t.id AND m.wt_id = $2) AS selected
     FROM user_tags t WHERE t.owner_wt_id = $1 ORDER BY t.id`,
    [owner, wtId],
  )
  return rows.map((r) => ({ id: r.id, tagName: r.tag_name, tagStatus: r.selected ? 1 : 0, userCount: r.user_count }))
}

export async function tagCount(q: Queryable, owner: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM user_tags WHERE owner_wt_id = $1', [owner])
  return rows[0]!.n
}

/** The new tag's ID, or null when the owner has a tag of that name already. */
export async function insertTag(q: Queryable, owner: string, tagName: string): Promise<number | null> {
  try {
    const { rows } = await q.query<{ id: number }>('INSERT INTO user_tags (owner_wt_id, tag_name) VALUES ($1, $2) RETURNING id::int AS id', [owner, tagName])
    return rows[0]!.id
  } catch (err) {
    if ((err as { code?: string }).code === '23505') return null
    throw err
  }
}

/** Whether another tag of the owner has this name. */
export async function tagNameTaken(q: Queryable, owner: string, tagName: string, except: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM user_tags WHERE owner_wt_id = $1 AND tag_name = $2 AND id <> $3', [owner, tagName, except])
  return rows.length > 0
}

export async function renameTag(q: Queryable, owner: string, tagId: number, tagName: string): Promise<void> {
  await q.query('UPDATE user_tags SET tag_name = $3 WHERE owner_wt_id = $1 AND id = $2', [owner, tagId, tagName])
}

export async function deleteTags(q: Queryable, owner: string, ids: number[]): Promise<void> {
  await q.query('DELETE FROM user_tags WHERE owner_wt_id = $1 AND id = ANY($2::bigint[])', [owner, ids])
}

/** The owner's tags that `friend` carries become exactly `tagIds`. */
export async function setTagsOf(q: Queryable, owner: string, friend: string, tagIds: number[]): Promise<void> {
  await q.query(
    `DELETE FROM user_tag_members m USING user_tags t
     WHERE t.id = m.tag_id AND t.owner_wt_id = $1 AND m.wt_id = $2 AND NOT (t.id = ANY($3::bigint[]))`,
    [owner, friend, tagIds],
  )
  await q.query(
    `INSERT INTO user_tag_members (tag_id, wt_id) SELECT t.id, $2 FROM user_tags t WHERE t.owner_wt_id = $1 AND t.id = ANY($3::bigint[])
     ON CONFLICT DO NOTHING`,
    [owner, friend, tagIds],
  )
}

export async function addTagMembers(q: Queryable, tagId: number, wtIds: string[]): Promise<void> {
  await q.query('INSERT INTO user_tag_members (tag_id, wt_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [tagId, wtIds])
}

export async function removeTagMembers(q: Queryable, tagId: number, wtIds: string[]): Promise<void> {
  await q.query('DELETE FROM user_tag_members WHERE tag_id = $1 AND wt_id = ANY($2::text[])', [tagId, wtIds])
}

export async function tagMembers(q: Queryable, tagId: number): Promise<string[]> {
  const { rows } = await q.query<{ wt_id: string }>('SELECT wt_id FROM user_tag_members WHERE tag_id = $1', [tagId])
  return rows.map((r) => r.wt_id)
}
