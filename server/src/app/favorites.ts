import { FavoriteText, type CollectionListBody, type FavoritePage, type TopStatus } from '../../../types/favorites.js'
import { CollectContentType, COLLECT_UPLOADING_TEXT, type CollectionAddBody } from '../../../types/messageOps.js'
import type { AppContext } from '../context.js'
import * as favorites from '../data/favorites.js'
import { uploadMime } from '../data/uploads.js'
import type { Queryable } from '../db/Db.js'
import { POSTER_NOT_UPLOADED_TEXT, requireUploadedImage } from '../domain/ownImages.js'
import { LOCAL_FILE, uploadIdOf } from '../domain/favorites/uploadRefs.js'
import { badRequest, notFound } from '../domain/refusal.js'

/** Favorites: every call is the caller's own, and another user's favorite answers as a missing one. */

type Ctx = Pick<AppContext, 'db'>

/**
 * The upload ids behind the given fields, each checked to exist: a favorite keeps its file by id,
 * so it still opens after the message is revoked or the conversation deleted. Empty fields stay empty.
 */
async function resolveUploads<K extends string>(q: Queryable, refs: Record<K, string | undefined>): Promise<Record<K, string>> {
  const out = {} as Record<K, string>
  const wanted = new Map<string, K[]>()
  for (const [field, ref] of Object.entries(refs) as Array<[K, string | undefined]>) {
    out[field] = ''
    if (!ref) continue
    const id = uploadIdOf(ref)
    if (!id) throw badRequest(`${field}: 不是本站上传的文件`)
    wanted.set(id, [...(wanted.get(id) ?? []), field])
  }
  if (!wanted.size) return out
  const found = await favorites.existingUploads(q, [...wanted.keys()])
  for (const [id, fields] of wanted) {
    if (!found.has(id)) throw badRequest(`${fields[0]}: 文件不存在`)
    for (const f of fields) out[f] = id
  }
  return out
}

/**
 * Stores one favorite (spec 3 "Favorite" add payload). Files are kept by upload id. A note (99)
 * re-favorited by `id` copies the note of that favorite, which must be the caller's own.
 */
export async function addFavorite(ctx: Ctx, me: string, b: CollectionAddBody): Promise<{ id: number }> {
  const q = ctx.db
  if ([b.imageUuid, b.videoUuid, b.fileUuid, b.snapshotUuid, b.videoImage].some((u) => u && LOCAL_FILE.test(u))) throw badRequest(COLLECT_UPLOADING_TEXT)
  const files = await resolveUploads(q, {
    imageUuid: b.contentType === CollectContentType.Image ? b.imageUuid : undefined,
    videoUuid: b.contentType === CollectContentType.Video ? b.videoUuid : undefined,
    // A video's poster: the snapshot upload, named either way by the clients.
    snapshotUuid: b.contentType === CollectContentType.Video ? b.snapshotUuid || b.videoImage : undefined,
    fileUuid: b.contentType === CollectContentType.File ? b.fileUuid : undefined,
  })
  // Favorites keep pictures of others' messages too: any picture of this server, never an outside address.
  const poster = b.videoImageAddress ? await requireUploadedImage(b.videoImageAddress, (id) => uploadMime(q, id, null), POSTER_NOT_UPLOADED_TEXT) : ''
  let note = b.contentType === CollectContentType.Note ? b.collectTitle : ''
  let title = b.collectTitle
  if (b.contentType === CollectContentType.Note && b.id !== undefined) {
    const from = await favorites.ownNote(q, me, b.id)
    if (!from) throw notFound(FavoriteText.NotFound)
    note = from.note_content || from.collect_title
    title = title || from.collect_title
  }
  if (b.contentType === CollectContentType.File) title = title || (b.fileName ?? '')
  if (b.contentType === CollectContentType.Location) title = title || (b.addressTitle ?? '')
  const id = await favorites.insertFavorite(q, me, {
    contentType: b.contentType,
    title,
    collectedUserId: b.collectedUserId,
    ...files,
    videoImageAddress: poster,
    fileSize: b.fileSize ?? 0,
    fileType: b.fileType ?? '',
    fileName: b.fileName ?? '',
    addressTitle: b.addressTitle ?? '',
    lat: b.lat ?? null,
    lng: b.lng ?? null,
    note,
  })
  return { id }
}

/** One page of the caller's favorites: pinned first, then newest first. */
export const favoritePage = (ctx: Ctx, me: string, b: Required<CollectionListBody>): Promise<FavoritePage> => favorites.favoritePage(ctx.db, me, b)

/**
 * Deletes the caller's favorites, all or none: an id that is not the caller's refuses the whole
 * batch and names it. The files stay: messages and other favorites may use the same upload.
 */
export function deleteFavorites(ctx: Ctx, me: string, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)]
  return ctx.db.tx(async (q) => {
    const mine = await favorites.lockOwnFavorites(q, me, unique)
    const foreign = unique.filter((id) => !mine.has(id))
    if (foreign.length) throw badRequest(`ids: ${FavoriteText.NotFound}: ${foreign.slice(0, 10).join(', ')}`)
    await favorites.deleteFavorites(q, me, unique)
    return unique.length
  })
}

/** topSet / topCancel. */
export async function setFavoriteTop(ctx: Ctx, me: string, id: number, top: TopStatus): Promise<{ id: number; topStatus: number }> {
  if (!(await favorites.setFavoriteTop(ctx.db, me, id, top))) throw notFound(FavoriteText.NotFound)
  return { id, topStatus: top }
}
