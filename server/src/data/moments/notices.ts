import type { Paged } from '../../../../types/envelope.js'
import { MomentMediaType, type MomentNotice, type MomentNoticeType } from '../../../../types/moments.js'
import type { Queryable } from '../../db/Db.js'
import { nameFor, personShownTo, unixTime, visibleTo } from './access.js'
import { uploadUrl } from './posts.js'

/** How much of a moment's text a notice row carries. */
const ABSTRACT_CHARS = 40

/**
 * My notices that I may still see: the moment readable by me and its actor shown to me (a
 * friend now). The list and the badge both use it, so the badge never counts a hidden row.
 */
const MINE = `n.owner_wt_id = $1 AND ${personShownTo('n.actor_wt_id', '$1')} AND ${visibleTo('m', '$1')}`
const FROM = 'FROM moment_notices n JOIN moments m ON m.id = n.moment_id'

export async function unreadNotices(q: Queryable, me: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} WHERE ${MINE} AND NOT n.is_read`, [me])
  return rows[0]!.n
}

/** A page of my notices, newest first; reading them marks them all read. Answers whether any was unread. */
export async function listNotices(q: Queryable, me: string, page: { pageNum: number; pageSize: number }): Promise<Paged<MomentNotice> & { hadUnread: boolean }> {
  const { rows } = await q.query<{
    id: string
    kind: number
    wt_id: string
    name: string
    avatar: string
    content: string | null
    moment_id: string
    moment_content: string
    media_type: number
    first_file: string | null
    is_read: boolean
    created: string
  }>(
    `SELECT n.id, n.kind, u.wt_id, ${nameFor('u', '$1')} AS name, u.avatar,
            (SELECT c.content FROM moment_comments c WHERE c.id = n.comment_id) AS content,
            m.id AS moment_id, left(m.content, ${ABSTRACT_CHARS}) AS moment_content, m.media_type,
            (SELECT mf.upload_id FROM moment_files mf WHERE mf.moment_id = m.id ORDER BY mf.position LIMIT 1) AS first_file,
            n.is_read, ${unixTime('n.created_at')} AS created
     ${FROM} JOIN users u ON u.wt_id = n.actor_wt_id WHERE ${MINE}
     ORDER BY n.id DESC LIMIT $2 OFFSET $3`,
    [me, page.pageSize, (page.pageNum - 1) * page.pageSize],
  )
  const { rows: total } = await q.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} WHERE ${MINE}`, [me])
  const marked = await q.query('UPDATE moment_notices SET is_read = TRUE WHERE owner_wt_id = $1 AND NOT is_read', [me])
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      type: r.kind as MomentNoticeType,
      wtId: r.wt_id,
      nickName: r.name,
      avatar: r.avatar,
      content: r.content ?? '',
      friendsCircleId: Number(r.moment_id),
      momentImage: r.first_file && r.media_type === MomentMediaType.Images ? uploadUrl(r.first_file) : '',
      momentContent: r.moment_content,
      isRead: r.is_read,
      createTime: Number(r.created),
    })),
    total: total[0]!.n,
    hadUnread: marked.rowCount > 0,
  }
}

export async function clearNotices(q: Queryable, me: string): Promise<void> {
  await q.query('DELETE FROM moment_notices WHERE owner_wt_id = $1', [me])
}
