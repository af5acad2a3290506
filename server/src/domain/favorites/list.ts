import { FavoriteText, TopStatus, type CollectionListBody, type Favorite, type FavoritePage } from '../../../../types/favorites.js'
import type { Db, Queryable } from '../../db/Db.js'
import { badRequest, notFound } from '../refusal.js'
import { uploadUrl } from './uploadRefs.js'

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
 * One page of the caller's favorites: pinned first, then newest first. The rows come straight off
 * user_collections_owner (wt_id, top_status DESC, id DESC) with no sort, and the total is its own
 * count: a window count over the page query would read and sort every row of the user instead.
 */
export async function listCollections(q: Queryable, me: string, b: Required<CollectionListBody>): Promise<FavoritePage> {
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

/**
 * Deletes the caller's favorites, all or none: an id that is not the caller's refuses the whole
 * batch and names it. The files stay: messages and other favorites may use the same upload.
 */
export async function deleteCollections(q: Db, me: string, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)]
  return q.tx(async (t) => {
    const { rows } = await t.query<{ id: string }>('SELECT id FROM user_collections WHERE wt_id = $1 AND id = ANY($2::bigint[]) FOR UPDATE', [me, unique])
    const mine = new Set(rows.map((r) => Number(r.id)))
    const foreign = unique.filter((id) => !mine.has(id))
    if (foreign.length) throw badRequest(`ids: ${FavoriteText.NotFound}: ${foreign.slice(0, 10).join(', ')}`)
    await t.query('DELETE FROM user_collections WHERE wt_id = $1 AND id = ANY($2::bigint[])', [me, unique])
    return unique.length
  })
}

/** topSet / topCancel: another user's favorite answers as a missing one. */
export async function setCollectionTop(q: Queryable, me: string, id: number, top: TopStatus): Promise<{ id: number; topStatus: number }> {
  const { rows } = await q.query<{ id: string }>('UPDATE user_collections SET top_status = $3 WHERE id = $1 AND wt_id = $2 RETURNING id', [id, me, top])
  if (!rows[0]) throw notFound(FavoriteText.NotFound)
  return { id, topStatus: top }
}
