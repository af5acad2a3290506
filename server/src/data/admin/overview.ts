import type { DayValue, Overview } from '../../../../types/admin.js'
import type { Queryable } from '../../db/Db.js'
import { EFFECTIVE_VIP_TYPE } from '../users.js'
import { PEOPLE } from './accounts.js'

/** Every day of the window, oldest first, with 0 where the query found nothing. */
function series(days: number, rows: Array<{ day: string; value: number }>): DayValue[] {
  const byDay = new Map(rows.map((r) => [r.day, Number(r.value)]))
  const out: DayValue[] = []
  const today = new Date()
  for (let i = days - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - i)).toISOString().slice(0, 10)
    out.push({ day: d, value: byDay.get(d) ?? 0 })
  }
  return out
}

const perDay = async (q: Queryable, sql: string, days: number) =>
  series(days, (await q.query<{ day: string; value: number }>(sql, [days - 1])).rows)

/** Totals and per-day series of the last `days` days (UTC days). */
export async function overview(q: Queryable, days: number, onlineConnections: number): Promise<Overview> {
  const since = `(CURRENT_DATE - $1::int)`
  const dayOf = (col: string) => `to_char((${col} AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD')`
  const { rows: totals } = await q.query<{ users: number; members: number; reports: number }>(
    `SELECT (SELECT count(*)::int FROM users WHERE ${PEOPLE} AND action_status = 0) AS users,
            (SELECT count(*)::int FROM users WHERE ${EFFECTIVE_VIP_TYPE} <> 0 AND action_status = 0) AS members,
            (SELECT count(*)::int FROM complaints WHERE status = 'open') AS reports`,
  )
  return {
    totalUsers: totals[0]?.users ?? 0,
    members: totals[0]?.members ?? 0,
    openReports: totals[0]?.reports ?? 0,
    onlineConnections,
    registered: await perDay(q, `SELECT ${dayOf('created_at')} AS day, count(*)::int AS value FROM users WHERE created_at >= ${since} AND ${PEOPLE} GROUP BY 1`, days),
    dailyActive: await perDay(q, `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*)::int AS value FROM user_activity WHERE day >= ${since} GROUP BY 1`, days),
    messages: await perDay(q, `SELECT ${dayOf('created_at')} AS day, count(*)::int AS value FROM messages WHERE created_at >= ${since} GROUP BY 1`, days),
    callMinutes: await perDay(
      q,
      `SELECT ${dayOf('started_at')} AS day, round(sum(EXTRACT(EPOCH FROM (reported_at - started_at))) / 60.0, 1)::float8 AS value FROM call_usage WHERE started_at >= ${since} GROUP BY 1`,
      days,
    ),
  }
}
