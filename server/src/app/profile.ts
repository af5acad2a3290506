import type { ProfileUpdateBody } from '../../../types/auth.js'
import type { AppContext } from '../context.js'
import { updateProfile } from '../data/profile.js'
import { uploadMime } from '../data/uploads.js'
import { requireUser } from './accountSecurity.js'
import { requireUploadedImage } from '../domain/ownImages.js'
import type { UserRow } from '../domain/users.js'
import { newEffects, outcome, record, type Outcome } from './effects.js'

export const AVATAR_NOT_OWN_IMAGE_TEXT = 'avatar: 头像须为你上传的图片'

/**
 * Edits one's own nickname, avatar and signature. The avatar must be a picture this user
 * uploaded: an address of anything else would show someone else's file, or an outside one,
 * as this user's face in every list. Feeds show the nickname and avatar (a reply names the one
 * replied to even to strangers), so the pages showing this user go.
 */
export async function updateOwnProfile(ctx: Pick<AppContext, 'db'>, wtId: string, body: ProfileUpdateBody): Promise<Outcome<UserRow>> {
  let avatar: string | null = null
  if (body.avatar !== undefined) {
    avatar = await requireUploadedImage(body.avatar, (id) => uploadMime(ctx.db, id, wtId), AVATAR_NOT_OWN_IMAGE_TEXT)
  }
  await updateProfile(ctx.db, wtId, { nickName: body.nickName ?? null, avatar, bio: body.bio ?? null })
  return outcome(await requireUser(ctx.db, wtId), record(newEffects(), { kind: 'feeds', change: { people: [wtId] } }))
}
