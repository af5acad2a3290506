import type { Queryable } from '../db/Db.js'

/** Sets the fields given; a null leaves its field as it is. */
export async function updateProfile(q: Queryable, wtId: string, p: { nickName: string | null; avatar: string | null; bio: string | null }): Promise<void> {
  await q.query(`UPDATE users SET nick_name = COALESCE($2, nick_name), avatar = COALESCE($3, avatar), bio = COALESCE($4, bio) WHERE wt_id = $1`, [
    wtId,
    p.nickName,
    p.avatar,
    p.bio,
  ])
}
