import { TopStatus, type CollectionListBody, type Favorite, type FavoritePage } from '../../../types/favorites.js'
import type { Queryable } from '../db/Db.js'
import { uploadUrl } from '../domain/favorites/uploadRefs.js'

interface Row {
  id: string
  content_type: number
  collect_title: string
  collected_user_id: string
  collected_user_name: string | null
  created_at: Date
  top_status: number
  image_uuid: string
  video_uuid: string
  snapshot_uuid: string
  video_image_address: string
  file_uuid: string
  file_size: string | number
  file_type: string
  file_name: string
  address_title: string
  lat: number | null
  lng: number | null
  note_content: string
}

function toFavorite(r: Row): Favorite {
  return {
    id: Number(r.id),
    contentType: r.content_type,
    collectTitle: r.collect_title,
    collectedUserId: r.collected_user_id,
    collectedUserName: r.collected_user_name ?? '',
    createTime: Math.floor(new Date(r.created_at).getTime() / 1000),
    topStatus: r.top_status === TopStatus.On ? 1 : 0,
    imageUuid: r.image_uuid,
    imageUrl: uploadUrl(r.image_uuid),
    videoUuid: r.video_uuid,
    videoUrl: uploadUrl(r.video_uuid),
    videoImage: uploadUrl(r.snapshot_uuid),
    videoImageAddress: r.video_image_address,
    fileUuid: r.file_uuid,
    fileUrl: uploadUrl(r.file_uuid),
    fileName: r.file_name,
    fileSize: Number(r.file_size),
    fileType: r.file_type,
    addressTitle: r.address_title,
    lat: r.lat,
    lng: r.lng,
    noteContent: r.note_content,
  }
}

/** `%`, `_` and `\` typed by the user are matched literally. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * One page of the user's favorites: pinned first, then newest first. The rows come straight off
 * user_collections_owner (wt_id, top_status DESC, id DESC) with no sort, and the total is its own
 * count: a window count over the page query would read and sort every row of the user instead.
 */
export async function favoritePage(q: Queryable, me: string, b: Required<CollectionListBody>): Promise<FavoritePage> {
  const search = b.collectTitle.trim()
  const filter = (at: number) =>
    search ? ` AND (c.collect_title ILIKE $${at} OR c.file_name ILIKE $${at} OR c.address_title ILIKE $${at} OR c.note_content ILIKE $${at})` : ''
  const extra = search ? [likePattern(search)] : []
  const [{ rows }, { rows: n }] = await Promise.all([
    q.query<Row>(
      `SELECT c.*, u.nick_name AS collected_user_name
       FROM user_collections c LEFT JOIN users u ON u.wt_id = c.collected_user_id
       WHERE c.wt_id = $1${filter(4)} ORDER BY c.top_status DESC, c.id DESC LIMIT $2 OFFSET $3`,
      [me, b.pageSize, (b.pageNum - 1) * b.pageSize, ...extra],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM user_collections c WHERE c.wt_id = $1${filter(2)}`, [me, ...extra]),
  ])
  return { rows: rows.map(toFavorite), total: n[0]!.n }
}

/** The note a favorite holds, when it is the user's own. */
export async function ownNote(q: Queryable, me: string, id: number | string): Promise<{ collect_title: string; note_content: string } | null> {
  const { rows } = await q.query<{ collect_title: string; note_content: string }>('SELECT collect_title, note_content FROM user_collections WHERE id = $1 AND wt_id = $2', [
    String(id),
    me,
  ])
  return rows[0] ?? null
}

export interface NewFavorite {
  contentType: number
  title: string
  collectedUserId: string
  imageUuid: string
  snapshotUuid: string
  videoUuid: string
  videoImageAddress: string
  fileUuid: string
  fileSize: number
  fileType: string
  fileName: string
  addressTitle: string
  lat: number | null
  lng: number | null
  note: string
}

export async function insertFavorite(q: Queryable, me: string, f: NewFavorite): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO user_collections (wt_id, content_type, collect_title, collected_user_id, image_uuid, video_image, video_uuid, snapshot_uuid,
       video_image_address, file_uuid, file_size, file_type, file_name, address_title, lat, lng, note_content)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
    [
      me,
      f.contentType,
      f.title,
      f.collectedUserId,
      f.imageUuid,
      f.snapshotUuid,
      f.videoUuid,
      f.snapshotUuid,
      f.videoImageAddress,
      f.fileUuid,
      f.fileSize,
      f.fileType,
      f.fileName,
      f.addressTitle,
      f.lat,
      f.lng,
      f.note,
    ],
  )
  return Number(rows[0]!.id)
}

/** Those of `ids` that are the user's, locked until the transaction ends. */
export async function lockOwnFavorites(q: Queryable, me: string, ids: number[]): Promise<Set<number>> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM user_collections WHERE wt_id = $1 AND id = ANY($2::bigint[]) FOR UPDATE', [me, ids])
  return new Set(rows.map((r) => Number(r.id)))
}

export async function deleteFavorites(q: Queryable, me: string, ids: number[]): Promise<void> {
  await q.query('DELETE FROM user_collections WHERE wt_id = $1 AND id = ANY($2::bigint[])', [me, ids])
}

/** Whether the favorite was the user's. */
export async function setFavoriteTop(q: Queryable, me: string, id: number, top: TopStatus): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>('UPDATE user_collections SET top_status = $3 WHERE id = $1 AND wt_id = $2 RETURNING id', [id, me, top])
  return rows.length > 0
}

/** Those of `ids` that name a stored upload. */
export async function existingUploads(q: Queryable, ids: string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM uploads WHERE id = ANY($1::text[])', [ids])
  return new Set(rows.map((r) => r.id))
}
