import type { ProfileUpdateBody } from '../../../types/auth.js'
import type { Queryable } from '../db/Db.js'
import { requireUser } from './accountSecurity.js'
import { uploadIdOf, uploadUrl } from './favorites/uploadRefs.js'
import { badRequest } from './refusal.js'
import type { UserRow } from './users.js'

export const AVATAR_NOT_OWN_IMAGE_TEXT = 'avatar: 头像须为你上传的图片'

/**
 * Edits one's own nickname, avatar and signature. The avatar must be a picture this user
 * uploaded: an address of anything else would show someone else's file, or an outside one,
 * as this user's face in every list.
 */
export async function updateOwnProfile(q: Queryable, wtId: string, body: ProfileUpdateBody): Promise<UserRow> {
  let avatar: string | null = null
  if (body.avatar !== undefined) {
    const id = uploadIdOf(body.avatar)
    const { rows } = id
      ? await q.query<{ mime: string }>('SELECT mime FROM uploads WHERE id = $1 AND owner = $2', [id, wtId])
      : { rows: [] as Array<{ mime: string }> }
    if (!id || !rows[0]?.mime.startsWith('image/')) throw badRequest(AVATAR_NOT_OWN_IMAGE_TEXT)
    avatar = uploadUrl(id)
  }
  await q.query(
    `UPDATE users SET nick_name = COALESCE($2, nick_name), avatar = COALESCE($3, avatar), bio = COALESCE($4, bio) WHERE wt_id = $1`,
    [wtId, body.nickName ?? null, avatar, body.bio ?? null],
  )
  return requireUser(q, wtId)
}
