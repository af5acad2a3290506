import type { Queryable } from '../../db/Db.js'
import type { C2CRuleRow, GroupRuleRow } from '../../domain/messages.js'
import type { MentionRuleRow } from '../../domain/messageOps/mentions.js'

/** What a C2C send's rules read: the sender's ban and profile, the peer's state, the peer's blacklist. */
export async function c2cSendRules(q: Queryable, me: string, peer: string): Promise<C2CRuleRow | null> {
  const { rows } = await q.query<C2CRuleRow>(
    `SELECT s.nick_name, s.avatar, (s.banned_until IS NOT NULL AND s.banned_until > now()) AS banned,
            (SELECT p.action_status FROM users p WHERE p.wt_id = $2) AS peer_status,
            EXISTS (SELECT 1 FROM user_blacklist b WHERE b.owner_wt_id = $2 AND b.target_wt_id = $1) AS blacklisted
     FROM users s WHERE s.wt_id = $1`,
    [me, peer],
  )
  return rows[0] ?? null
}

/**
 * Every rule of a group send in one query: ban, membership, mute-all, personal mute, and the
 * group's member version (017) in the same snapshot. The members (at most `listMax`) come back
 * only when the version is not `keptVersion`, the one the caller's list was kept at.
 */
export async function groupSendRules(q: Queryable, me: string, groupId: string, listMax: number, keptVersion: string | null): Promise<GroupRuleRow | null> {
  const { rows } = await q.query<GroupRuleRow>(
    `SELECT s.nick_name, s.avatar, (s.banned_until IS NOT NULL AND s.banned_until > now()) AS banned,
            gm.identity, (gm.mute_until IS NOT NULL AND gm.mute_until > now()) AS muted, gm.group_nickname AS name_card,
            g.banned_switch, g.dissolved_at IS NOT NULL AS dissolved, g.member_version::text AS member_version,
            CASE WHEN gm.identity IS NOT NULL AND g.member_version IS DISTINCT FROM $4::bigint THEN
              (SELECT array_agg(x.wt_id) FROM (SELECT x.wt_id FROM group_members x WHERE x.group_id = $2 AND x.left_at IS NULL LIMIT $3) x) END AS members
     FROM users s
     LEFT JOIN group_members gm ON gm.group_id = $2 AND gm.wt_id = s.wt_id AND gm.left_at IS NULL
     LEFT JOIN groups g ON g.group_id = $2
     WHERE s.wt_id = $1`,
    [me, groupId, listMax, keptVersion],
  )
  return rows[0] ?? null
}

/** What the mention rules read: the group's kind and the sender's identity in it. */
export async function mentionRules(q: Queryable, groupId: string, me: string): Promise<MentionRuleRow | null> {
  const { rows } = await q.query<MentionRuleRow>(
    `SELECT g.group_type, gm.identity FROM groups g
     LEFT JOIN group_members gm ON gm.group_id = g.group_id AND gm.wt_id = $2 AND gm.left_at IS NULL
     WHERE g.group_id = $1`,
    [groupId, me],
  )
  return rows[0] ?? null
}

/** Whether the sender is banned now (a forward checks it before its content). */
export async function senderBanned(q: Queryable, me: string): Promise<boolean> {
  const { rows } = await q.query<{ banned: boolean }>('SELECT (banned_until IS NOT NULL AND banned_until > now()) AS banned FROM users WHERE wt_id = $1', [me])
  return Boolean(rows[0]?.banned)
}
