import type { Paged } from '../../../../types/envelope.js'
import type {
  ApplyStatus,
  GroupApplication,
  GroupOtherNotice,
  GroupUnreadCounts,
  JoinType,
  NoticeListBody,
  JoinApplyListBody,
  NoticeListKind,
  OtherNoticeKind,
} from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { unixSeconds } from '../../domain/groups/access.js'
import { mosaicAvatarsSql } from './currentMembers.js'

/** A notice in each user's 'others' list (removed, dissolved, made admin or owner, muted). */
export async function addOtherNotices(q: Queryable, wtIds: string[], groupId: string, kind: OtherNoticeKind, operator: string, content: string): Promise<void> {
  await q.query(
    `INSERT INTO group_other_notices (wt_id, group_id, kind, operator, content) SELECT u, $2, $3, $4, $5 FROM unnest($1::text[]) AS u`,
    [wtIds, groupId, kind, operator, content],
  )
}

/** Groups the user manages (owner or admin), as a SQL condition on `a.group_id` with the user as $1. */
const MANAGED = `a.group_id IN (SELECT gm.group_id FROM group_members gm JOIN groups g ON g.group_id = gm.group_id
                  WHERE gm.wt_id = $1 AND gm.left_at IS NULL AND gm.identity >= 2 AND g.dissolved_at IS NULL)`

/**
 * The three counters: pending applications to groups the user manages that arrived after
 * the join-apply list was last opened; the user's own applications handled since the
 * my-apply list was opened; 'others' notices since that list was opened.
 */
export async function unreadCounts(q: Queryable, wtId: string): Promise<GroupUnreadCounts> {
  const { rows } = await q.query<GroupUnreadCounts>(
    `WITH r AS (SELECT COALESCE(max(join_apply_seen), 0) AS ja, COALESCE(max(my_apply_seen), 'epoch'::timestamptz) AS ma,
                       COALESCE(max(others_seen), 0) AS os
                FROM group_notice_reads WHERE wt_id = $1)
     SELECT (SELECT count(*)::int FROM group_applications a, r WHERE ${MANAGED} AND a.status = 0 AND a.apply_id > r.ja) AS "joinApplyUnRead",
            (SELECT count(*)::int FROM group_other_notices o, r WHERE o.wt_id = $1 AND o.id > r.os) AS "otherUnRead",
            (SELECT count(*)::int FROM group_applications a, r
               WHERE a.applicant = $1 AND a.inviter IS NULL AND a.status <> 0 AND a.handled_at > r.ma) AS "selfApplyUnRead"`,
    [wtId],
  )
  return rows[0]!
}

/** Opening a list marks it read. */
export async function markNoticesRead(q: Queryable, wtId: string, list: NoticeListKind): Promise<void> {
  const set = {
    joinApply: `join_apply_seen = (SELECT COALESCE(max(apply_id), 0) FROM group_applications)`,
    myApply: `my_apply_seen = now()`,
    others: `others_seen = (SELECT COALESCE(max(id), 0) FROM group_other_notices WHERE wt_id = $1)`,
  }[list]
  await q.query(`INSERT INTO group_notice_reads (wt_id) VALUES ($1) ON CONFLICT DO NOTHING`, [wtId])
  await q.query(`UPDATE group_notice_reads SET ${set} WHERE wt_id = $1`, [wtId])
}

interface ApplicationRow {
  apply_id: string
  group_id: string
  group_number: string
  group_name: string
  group_avatar: string
  member_avatars: string[] | null
  applicant: string
  applicant_nick: string
  applicant_avatar: string
  inviter: string | null
  inviter_nick: string | null
  apply_message: string
  join_type: number
  status: number
  handler_nick: string | null
  created_at: Date
  handled_at: Date | null
  total: number
}

const APPLICATION_SELECT = `
  SELECT a.apply_id::text, a.group_id, g.group_number, g.group_name, g.group_avatar, ${mosaicAvatarsSql('g')} AS member_avatars,
         a.applicant, au.nick_name AS applicant_nick,
         au.avatar AS applicant_avatar, a.inviter, iu.nick_name AS inviter_nick, a.apply_message, a.join_type, a.status,
         hu.nick_name AS handler_nick, a.created_at, a.handled_at, count(*) OVER ()::int AS total
  FROM group_applications a
  JOIN groups g ON g.group_id = a.group_id
  JOIN users au ON au.wt_id = a.applicant
  LEFT JOIN users iu ON iu.wt_id = a.inviter
  LEFT JOIN users hu ON hu.wt_id = a.handler`

export function toApplication(r: Omit<ApplicationRow, 'total'>): GroupApplication {
  return {
    applyId: Number(r.apply_id),
    groupID: r.group_id,
    groupNumber: r.group_number,
    groupName: r.group_name,
    groupAvatar: r.group_avatar,
    ...(r.group_avatar ? {} : { memberAvatars: r.member_avatars ?? [] }),
    applicationType: r.inviter ?? 0,
    applicant: r.applicant,
    applicantNickName: r.applicant_nick,
    applicantAvatar: r.applicant_avatar,
    inviterNickName: r.inviter_nick ?? '',
    applyMessage: r.apply_message,
    joinType: r.join_type as JoinType,
    applyStatus: r.status as ApplyStatus,
    handlerNickName: r.handler_nick ?? '',
    createTime: unixSeconds(r.created_at),
    handleTime: unixSeconds(r.handled_at),
  }
}

/** `where` reads the user as $1 and `extra` as $2…; the page's limit and offset follow them. */
async function pagedApplications(q: Queryable, where: string, wtId: string, page: NoticeListBody, extra: unknown[] = []): Promise<Paged<GroupApplication>> {
  const params = [wtId, ...extra]
  const at = params.length
  const { rows } = await q.query<ApplicationRow>(
    `${APPLICATION_SELECT} WHERE ${where} ORDER BY a.status = 0 DESC, a.apply_id DESC LIMIT $${at + 1} OFFSET $${at + 2}`,
    [...params, page.pageSize, (page.pageNum - 1) * page.pageSize],
  )
  const total = rows[0]?.total ?? (page.pageNum > 1 ? await countApplications(q, where, params) : 0)
  return { rows: rows.map(toApplication), total }
}

async function countApplications(q: Queryable, where: string, params: unknown[]): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM group_applications a WHERE ${where}`, params)
  return rows[0]!.n
}

const OF_GROUP = 'a.group_id = (SELECT group_id FROM groups WHERE group_number = $2)'

/** Applications to the groups the user manages (or to the one named), pending first, newest first. */
export const joinApplyList = (q: Queryable, wtId: string, page: JoinApplyListBody) =>
  page.groupNumber ? pagedApplications(q, `${MANAGED} AND ${OF_GROUP}`, wtId, page, [page.groupNumber]) : pagedApplications(q, MANAGED, wtId, page)

/** The user's own applications (and invites of them awaiting approval). */
export const myApplyList = (q: Queryable, wtId: string, page: NoticeListBody) => pagedApplications(q, 'a.applicant = $1', wtId, page)

export async function othersList(q: Queryable, wtId: string, page: NoticeListBody): Promise<Paged<GroupOtherNotice>> {
  const { rows } = await q.query<{
    id: string
    kind: OtherNoticeKind
    group_number: string
    group_name: string
    group_avatar: string
    member_avatars: string[] | null
    operator: string
    operator_nick: string | null
    content: string
    created_at: Date
  }>(
    `SELECT o.id::text, o.kind, g.group_number, g.group_name, g.group_avatar, ${mosaicAvatarsSql('g')} AS member_avatars, o.operator,
            u.nick_name AS operator_nick, o.content, o.created_at
     FROM group_other_notices o JOIN groups g ON g.group_id = o.group_id LEFT JOIN users u ON u.wt_id = o.operator
     WHERE o.wt_id = $1 ORDER BY o.id DESC LIMIT $2 OFFSET $3`,
    [wtId, page.pageSize, (page.pageNum - 1) * page.pageSize],
  )
  const { rows: n } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM group_other_notices WHERE wt_id = $1', [wtId])
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      groupNumber: r.group_number,
      groupName: r.group_name,
      groupAvatar: r.group_avatar,
      ...(r.group_avatar ? {} : { memberAvatars: r.member_avatars ?? [] }),
      operatorWtId: r.operator,
      operatorNickName: r.operator_nick ?? '',
      content: r.content,
      createTime: unixSeconds(r.created_at),
    })),
    total: n[0]!.n,
  }
}
