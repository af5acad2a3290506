import type { Queryable } from '../db/Db.js'

/**
 * Closes an account its owner deleted, in the caller's transaction: the profile becomes `name` and
 * `avatar` (so their messages stay in others' histories under that name), the phone is freed, and
 * contacts, favorites, phrases, moments and conversation groups go; ordinary group memberships end.
 */
export async function closeOwnAccount(q: Queryable, wtId: string, name: string, avatar: string): Promise<void> {
  await q.query(
    `UPDATE users SET action_status = 1, closed_by = 'self', closed_at = now(), nick_name = $2, avatar = $3, bio = '',
       phone = 'deleted:' || wt_id, pwd_hash = '!', lock_pwd_hash = NULL, lock_pwd_tips = '',
       vip_type = 0, vip_level = 0, vip_expires_at = NULL, is_operator = FALSE
     WHERE wt_id = $1`,
    [wtId, name, avatar],
  )
  for (const sql of [
    'DELETE FROM friendships WHERE owner_wt_id = $1 OR friend_wt_id = $1',
    'DELETE FROM friend_applications WHERE applicant_wt_id = $1 OR target_wt_id = $1',
    'DELETE FROM user_blacklist WHERE owner_wt_id = $1',
    'DELETE FROM user_tags WHERE owner_wt_id = $1',
    'DELETE FROM user_tag_members WHERE wt_id = $1',
    'DELETE FROM user_collections WHERE wt_id = $1',
    'DELETE FROM user_daily_words WHERE wt_id = $1',
    'DELETE FROM moments WHERE author_wt_id = $1',
    'DELETE FROM session_groups WHERE owner_wt_id = $1',
    // The WeChat is free to be bound to another account.
    'DELETE FROM wechat_bindings WHERE wt_id = $1',
    'DELETE FROM wechat_subscriptions WHERE wt_id = $1',
    // Ending a membership rewrites its group's row (the member version, 017). Group operations lock
    // that row before member rows, so the rows are taken here first, in one order, not after.
    'SELECT 1 FROM groups WHERE group_id IN (SELECT group_id FROM group_members WHERE wt_id = $1 AND left_at IS NULL AND identity <> 3) ORDER BY group_id FOR UPDATE',
    // An owner's group keeps its owner row (a group always has one); every other membership ends.
    'UPDATE group_members SET left_at = now() WHERE wt_id = $1 AND left_at IS NULL AND identity <> 3',
  ]) {
    await q.query(sql, [wtId])
  }
}
