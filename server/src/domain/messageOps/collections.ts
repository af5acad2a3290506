import { CollectContentType, COLLECT_UPLOADING_TEXT, type CollectionAddBody } from '../../../../types/messageOps.js'
import type { Queryable } from '../../db/Db.js'
import { badRequest, notFound } from '../refusal.js'

/** A device-local address (a browser blob, a mini-program temp file): the upload has not finished. */
const LOCAL_FILE = /^(blob:|wxfile:|http:\/\/tmp\/|file:)/

/**
 * Stores one favorite (spec 3 "Favorite" add payload). A note (99) re-favorited by `id` copies the
 * note of that favorite, which must be the caller's own.
 */
export async function addCollection(q: Queryable, me: string, b: CollectionAddBody): Promise<{ id: number }> {
  if ([b.imageUuid, b.videoUuid, b.fileUuid, b.snapshotUuid].some((u) => u && LOCAL_FILE.test(u))) throw badRequest(COLLECT_UPLOADING_TEXT)
  let note = b.contentType === CollectContentType.Note ? b.collectTitle : ''
  let title = b.collectTitle
  if (b.contentType === CollectContentType.Note && b.id !== undefined) {
    const { rows } = await q.query<{ collect_title: string; note_content: string }>(
      'SELECT collect_title, note_content FROM user_collections WHERE id = $1 AND wt_id = $2',
      [String(b.id), me],
    )
    const from = rows[0]
    if (!from) throw notFound('收藏不存在')
    note = from.note_content || from.collect_title
    title = title || from.collect_title
  }
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO user_collections (wt_id, content_type, collect_title, collected_user_id, image_uuid, video_image, video_uuid, snapshot_uuid,
       video_image_address, file_uuid, file_size, file_type, file_name, address_title, lat, lng, note_content)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
    [
      me,
      b.contentType,
      title,
      b.collectedUserId,
      b.imageUuid ?? '',
      b.videoImage ?? '',
      b.videoUuid ?? '',
      b.snapshotUuid ?? '',
      b.videoImageAddress ?? '',
      b.fileUuid ?? '',
      b.fileSize ?? 0,
      b.fileType ?? '',
      b.fileName ?? '',
      b.addressTitle ?? '',
      b.lat ?? null,
      b.lng ?? null,
      note,
    ],
  )
  return { id: Number(rows[0]!.id) }
}
