import type { BlacklistItem } from '../../../types/friends.js'
import type { Queryable } from '../db/Db.js'

export async function userExists(q: Queryable, wtId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM users WHERE wt_id = $1', [wtId])
  return rows.length > 0
}

export async function insertBlacklistEntry(q: Queryable, owner: string, target: string): Promise<void> {
  await q.query('INSERT INTO user_blacklist (owner_wt_id, target_wt_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [owner, target])
}

export async function deleteBlacklistEntry(q: Queryable, owner: string, target: string): Promise<void> {
  await q.query('DELETE FROM user_blacklist WHERE owner_wt_id = $1 AND target_wt_id = $2', [owner, target])
}

export async function isBlacklisted(q: Queryable, owner: string, target: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM user_blacklist WHERE owner_wt_id = $1 AND target_wt_id = $2', [owner, target])
  return rows.length > 0
}

/** My blacklist, newest first, with my remark where the user is still a friend. */
export async function listBlacklist(q: Queryable, me: string): Promise<BlacklistItem[]> {
  const { rows } = await q.query<{ wt_id: string; nick_name: string; avatar: string; remark: string | null; created_at: Date }>(
    `SELECT u.wt_id, u.nick_name, u.avatar, f.remark, b.created_at
     FROM user_blacklist b JOIN users u ON u.wt_id = b.target_wt_id
     LEFT JOIN friendships f ON f.owner_wt_id = $1 AND f.friend_wt_id = u.wt_id
     WHERE b.owner_wt_id = $1 ORDER BY b.created_at DESC`,
    [me],
  )
  return rows.map((r) => ({
    wtId: r.wt_id,
    nickName: r.nick_name,
    avatar: r.avatar,
    remark: r.remark ?? '',
    createTime: Math.floor(new Date(r.created_at).getTime() / 1000),
  }))
}
