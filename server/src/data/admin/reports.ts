import type { AdminReport, ReportStatus } from '../../../../types/admin.js'
import { DictType } from '../../../../types/complaint.js'
import type { Paged } from '../../../../types/envelope.js'
import type { Queryable } from '../../db/Db.js'

interface Row {
  id: number
  target_type: number
  target_id: string
  target_name: string | null
  target_wt_id: string | null
  reporter_wt_id: string
  reporter_name: string | null
  complaint_type: string
  type_label: string | null
  detail: string
  images: string[]
  status: ReportStatus
  result: string
  created_at: Date
  handled_at: Date | null
}

const SELECT = `
  SELECT c.id::int AS id, c.target_type, c.target_id,
         CASE WHEN c.target_type = 0 THEN tu.nick_name ELSE g.group_name END AS target_name,
         CASE WHEN c.target_type = 0 THEN tu.wt_id ELSE g.owner_wt_id END AS target_wt_id,
         c.reporter_wt_id, ru.nick_name AS reporter_name, c.complaint_type, d.dict_label AS type_label,
         c.detail, c.images, c.status, c.result, c.created_at, c.handled_at
  FROM complaints c
  LEFT JOIN users tu ON c.target_type = 0 AND tu.wt_id = c.target_id
  LEFT JOIN groups g ON c.target_type = 1 AND g.group_id = c.target_id
  LEFT JOIN users ru ON ru.wt_id = c.reporter_wt_id
  LEFT JOIN dict_data d ON d.dict_type = CASE WHEN c.target_type = 0 THEN '${DictType.UserComplaint}' ELSE '${DictType.GroupComplaint}' END
                       AND d.dict_value = c.complaint_type`

const toReport = (r: Row): AdminReport => ({
  id: r.id,
  targetType: r.target_type,
  targetId: r.target_id,
  targetName: r.target_name ?? '',
  targetWtId: r.target_wt_id,
  reporterWtId: r.reporter_wt_id,
  reporterName: r.reporter_name ?? '',
  complaintType: r.complaint_type,
  typeLabel: r.type_label ?? r.complaint_type,
  detail: r.detail,
  images: r.images,
  status: r.status,
  result: r.result,
  createdAt: new Date(r.created_at).toISOString(),
  handledAt: r.handled_at ? new Date(r.handled_at).toISOString() : null,
})

export async function listReports(q: Queryable, f: { status: ReportStatus | 'all'; pageNum: number; pageSize: number }): Promise<Paged<AdminReport>> {
  const { rows } = await q.query<Row>(`${SELECT} WHERE ($1 = 'all' OR c.status = $1) ORDER BY c.id DESC LIMIT $2 OFFSET $3`, [f.status, f.pageSize, (f.pageNum - 1) * f.pageSize])
  const { rows: total } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM complaints WHERE ($1 = 'all' OR status = $1)`, [f.status])
  return { rows: rows.map(toReport), total: total[0]?.n ?? 0 }
}

/** The report, or null; with `lock`, its row stays locked for the transaction. */
export async function getReport(q: Queryable, id: number, lock = false): Promise<AdminReport | null> {
  if (lock) await q.query('SELECT 1 FROM complaints WHERE id = $1 FOR UPDATE', [id])
  const { rows } = await q.query<Row>(`${SELECT} WHERE c.id = $1`, [id])
  return rows[0] ? toReport(rows[0]) : null
}

/** Closes an open report; false when it was not open (handled already). */
export async function closeReport(q: Queryable, id: number, operator: string, status: ReportStatus, result: string): Promise<boolean> {
  const r = await q.query(`UPDATE complaints SET status = $2, result = $3, handled_by = $4, handled_at = now() WHERE id = $1 AND status = 'open'`, [id, status, result, operator])
  return r.rowCount === 1
}

/** Every report, oldest first (the CSV export). */
export async function allReports(q: Queryable): Promise<AdminReport[]> {
  const { rows } = await q.query<Row>(`${SELECT} ORDER BY c.id`)
  return rows.map(toReport)
}
