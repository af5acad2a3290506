import { AdminText, type AdminReport, type ReportStatus } from '../../../../types/admin.js'
import type { Paged } from '../../../../types/envelope.js'
import type { AppContext } from '../../context.js'
import { audit } from '../../data/admin/audit.js'
import * as reports from '../../data/admin/reports.js'
import type { Queryable } from '../../db/Db.js'
import { csvLines } from '../../domain/admin/membership.js'
import { conflict, notFound } from '../../domain/refusal.js'

type Ctx = Pick<AppContext, 'db'>

export const listReports = (ctx: Ctx, f: { status: ReportStatus | 'all'; pageNum: number; pageSize: number }): Promise<Paged<AdminReport>> => reports.listReports(ctx.db, f)

export async function getReport(q: Queryable, id: number, lock = false): Promise<AdminReport> {
  const report = await reports.getReport(q, id, lock)
  if (!report) throw notFound(AdminText.ReportNotFound)
  return report
}

/** Closes an open report once; a second handling of the same report is refused. */
export async function closeReport(q: Queryable, id: number, operator: string, status: ReportStatus, result: string): Promise<void> {
  if (!(await reports.closeReport(q, id, operator, status, result))) throw conflict(AdminText.ReportHandled)
}

export async function reportsCsv(q: Queryable): Promise<string> {
  const rows = await reports.allReports(q)
  const header = ['id', 'createdAt', 'status', 'targetType', 'targetId', 'targetName', 'reporter', 'type', 'detail', 'images', 'result', 'handledAt']
  return csvLines([
    header,
    ...rows.map((r) => [r.id, r.createdAt, r.status, r.targetType === 0 ? 'user' : 'group', r.targetId, r.targetName, r.reporterWtId, r.typeLabel, r.detail, r.images.join(' '), r.result, r.handledAt]),
  ])
}

/** The console's CSV of every report, in the audit log. */
export async function exportReports(ctx: Ctx, operator: string): Promise<string> {
  await audit(ctx.db, operator, 'reports.export', '', null, null)
  return reportsCsv(ctx.db)
}
