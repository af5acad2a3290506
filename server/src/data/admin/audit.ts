import type { AuditEntry } from '../../../../types/admin.js'
import type { Paged } from '../../../../types/envelope.js'
import type { Queryable } from '../../db/Db.js'
import { CLI_OPERATOR } from '../../domain/admin/audit.js'

/** Writes one operator action: who, what, on whom, and the state before and after. */
export async function audit(q: Queryable, operator: string, action: string, target: string, before: unknown, after: unknown): Promise<void> {
  await q.query('INSERT INTO audit_log (operator, action, target, before, after) VALUES ($1, $2, $3, $4, $5)', [
    operator,
    action,
    target,
    before === undefined ? null : JSON.stringify(before),
    after === undefined ? null : JSON.stringify(after),
  ])
}

export async function listAudit(q: Queryable, f: { pageNum: number; pageSize: number; target: string; operator: string }): Promise<Paged<AuditEntry>> {
  const where = `($1 = '' OR a.target = $1) AND ($2 = '' OR a.operator = $2)`
  const { rows } = await q.query<{ id: number; at: Date; operator: string; operator_name: string | null; action: string; target: string; before: unknown; after: unknown }>(
    `SELECT a.id::int AS id, a.at, a.operator, u.nick_name AS operator_name, a.action, a.target, a.before, a.after
     FROM audit_log a LEFT JOIN users u ON u.wt_id = a.operator
     WHERE ${where} ORDER BY a.id DESC LIMIT $3 OFFSET $4`,
    [f.target, f.operator, f.pageSize, (f.pageNum - 1) * f.pageSize],
  )
  const { rows: total } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log a WHERE ${where}`, [f.target, f.operator])
  return {
    rows: rows.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      operator: r.operator,
      operatorName: r.operator_name ?? (r.operator === CLI_OPERATOR ? '命令行' : ''),
      action: r.action,
      target: r.target,
      before: r.before,
      after: r.after,
    })),
    total: total[0]?.n ?? 0,
  }
}
