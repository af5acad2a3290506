import { CollectContentType, COLLECT_UPLOADING_TEXT, type CollectionAddBody } from '../../../../types/messageOps.js'
import { FavoriteText } from '../../../../types/favorites.js'
import type { Queryable } from '../../db/Db.js'
import { badRequest, notFound } from '../refusal.js'
import { LOCAL_FILE, resolveUploads } from './uploadRefs.js'

/**
 * Stores one favorite (spec 3 "Favorite" add payload). Files are kept by upload id. A note (99)
 * re-favorited by `id` copies the note of that favorite, which must be the caller's own.
 */
export async function addCollection(q: Queryable, me: string, b: CollectionAddBody): Promise<{ id: number }> {
  if ([b.imageUuid, b.videoUuid, b.fileUuid, b.snapshotUuid, b.videoImage].some((u) => u && LOCAL_FILE.test(u))) throw badRequest(COLLECT_UPLOADING_TEXT)
  const files = await resolveUploads(q, {
    imageUuid: b.contentType === CollectContentType.Image ? b.imageUuid : undefined,
    videoUuid: b.contentType === CollectContentType.Video ? b.videoUuid : undefined,
    // A video's poster: the snapshot upload, named either way by the clients.
    snapshotUuid: b.contentType === CollectContentType.Video ? b.snapshotUuid || b.videoImage : undefined,
    fileUuid: b.contentType === CollectContentType.File ? b.fileUuid : undefined,
  })
  let note = b.contentType === CollectContentType.Note ? b.collectTitle : ''
  let title = b.collectTitle
  if (b.contentType === CollectContentType.Note && b.id !== undefined) {
    const { rows } = await q.query<{ collect_title: string; note_content: string }>(
      'SELECT collect_title, note_content FROM user_collections WHERE id = $1 AND wt_id = $2',
      [String(b.id), me],
    )
    const from = rows[0]
    if (!from) throw notFound(FavoriteText.NotFound)
    note = from.note_content || from.collect_title
    title = title || from.collect_title
  }
  if (b.contentType === CollectContentType.File) title = title || (b.fileName ?? '')
  if (b.contentType === CollectContentType.Location) title = title || (b.addressTitle ?? '')
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO user_collections (wt_id, content_type, collect_title, collected_user_id, image_uuid, video_image, video_uuid, snapshot_uuid,
       video_image_address, file_uuid, file_size, file_type, file_name, address_title, lat, lng, note_content)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
    [
      me,
      b.contentType,
      title,
      b.collectedUserId,
      files.imageUuid,
      files.snapshotUuid,
      files.videoUuid,
      files.snapshotUuid,
      b.videoImageAddress ?? '',
      files.fileUuid,
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
