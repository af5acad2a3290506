import type { Queryable } from '../db/Db.js'

/** Those of `ids` that `owner` uploaded. */
export async function ownUploads(q: Queryable, ids: string[], owner: string): Promise<Set<string>> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM uploads WHERE id = ANY($1::text[]) AND owner = $2', [ids, owner])
  return new Set(rows.map((r) => r.id))
}

/** The reported user, when it exists and is not the reporter. */
export async function reportableUser(q: Queryable, me: string, wtId: string): Promise<string | null> {
  const { rows } = await q.query<{ wt_id: string }>('SELECT wt_id FROM users WHERE wt_id = $1 AND wt_id <> $2', [wtId, me])
  return rows[0]?.wt_id ?? null
}

/** A group by its ID or its number. */
export async function groupIdOf(q: Queryable, idOrNumber: string): Promise<string | null> {
  const { rows } = await q.query<{ group_id: string }>('SELECT group_id FROM groups WHERE group_id = $1 OR group_number = $1', [idOrNumber])
  return rows[0]?.group_id ?? null
}

export async function insertComplaint(
  q: Queryable,
  c: { reporter: string; targetType: number; target: string; complaintType: string; detail: string; images: string[] },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO complaints (reporter_wt_id, target_type, target_id, complaint_type, detail, images)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
    [c.reporter, c.targetType, c.target, c.complaintType, c.detail, JSON.stringify(c.images)],
  )
  return rows[0]!.id
}
