import type { Queryable } from '../db/Db.js'

/** Accounts other than the helper's: none means an empty database. */
export async function accountCount(q: Queryable, helperId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE wt_id <> $1', [helperId])
  return rows[0]!.n
}

/** A tag with its members. */
export async function insertTag(q: Queryable, owner: string, tagName: string, members: readonly string[]): Promise<void> {
  const { rows: tag } = await q.query<{ id: number }>('INSERT INTO user_tags (owner_wt_id, tag_name) VALUES ($1, $2) RETURNING id::int AS id', [owner, tagName])
  await q.query('INSERT INTO user_tag_members (tag_id, wt_id) SELECT $1, unnest($2::text[])', [tag[0]!.id, members])
}
