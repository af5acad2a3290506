import type { Queryable } from '../db/Db.js'

/** An uploaded file's record; the bytes live under UPLOAD_DIR, named by `id`. */
export interface UploadRecord {
  id: string
  owner: string
  fileName: string
  mime: string
  size: number
  sha256: string
}

export async function recordUpload(q: Queryable, u: UploadRecord): Promise<void> {
  await q.query('INSERT INTO uploads (id, owner, file_name, mime, size, sha256) VALUES ($1, $2, $3, $4, $5, $6)', [u.id, u.owner, u.fileName, u.mime, u.size, u.sha256])
}

/** Bytes an account has stored in the last `seconds`, over all its devices. */
export async function bytesUploadedSince(q: Queryable, owner: string, seconds: number): Promise<number> {
  const { rows } = await q.query<{ total: string | number }>(
    "SELECT COALESCE(sum(size), 0) AS total FROM uploads WHERE owner = $1 AND created_at > now() - make_interval(secs => $2)",
    [owner, seconds],
  )
  return Number(rows[0]?.total ?? 0)
}

export async function findUpload(q: Queryable, id: string): Promise<Pick<UploadRecord, 'fileName' | 'mime' | 'size'> | null> {
  const { rows } = await q.query<{ file_name: string; mime: string; size: number }>('SELECT file_name, mime, size FROM uploads WHERE id = $1', [id])
  const r = rows[0]
  return r ? { fileName: r.file_name, mime: r.mime, size: r.size } : null
}

/** The content hash of an upload, for the image list of moderation; null when there is no such upload. */
export async function uploadSha256(q: Queryable, id: string): Promise<string | null> {
  const { rows } = await q.query<{ sha256: string }>('SELECT sha256 FROM uploads WHERE id = $1', [id])
  return rows[0]?.sha256 ?? null
}

/** The stored type of an upload, when it exists and (given an owner) belongs to that account. */
export async function uploadMime(q: Queryable, id: string, owner: string | null): Promise<string | null> {
  const { rows } = owner
    ? await q.query<{ mime: string }>('SELECT mime FROM uploads WHERE id = $1 AND owner = $2', [id, owner])
    : await q.query<{ mime: string }>('SELECT mime FROM uploads WHERE id = $1', [id])
  return rows[0]?.mime ?? null
}
