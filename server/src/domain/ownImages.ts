import { uploadIdOf, uploadUrl } from './favorites/uploadRefs.js'
import { badRequest } from './refusal.js'

/** Looks up an upload's stored type (null: no such upload, or not the account's). */
export type UploadMimeLookup = (id: string) => Promise<string | null>

/**
 * The one rule for every picture address the server stores and others' browsers load (profile
 * and group avatars, favorites' posters): a picture uploaded to this server, or refused with
 * `refusal`. A foreign address would let its host count and locate every reader. Answers the
 * canonical `/api/oss/file/<id>` address, whatever form of it was given.
 */
export async function requireUploadedImage(ref: string, lookup: UploadMimeLookup, refusal: string): Promise<string> {
  const id = uploadIdOf(ref)
  const mime = id ? await lookup(id) : null
  if (!id || !mime?.startsWith('image/')) throw badRequest(refusal)
  return uploadUrl(id)
}

export const GROUP_AVATAR_NOT_OWN_IMAGE_TEXT = 'groupAvatar: 群头像须为你上传的图片'
export const POSTER_NOT_UPLOADED_TEXT = 'videoImageAddress: 封面须为本站上传的图片'
