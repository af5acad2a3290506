import { ROBOT_NOT_FOUND_TEXT, type AdminRobotRow, type RobotSwitch } from '../../../../types/bots.js'
import type { Paged } from '../../../../types/envelope.js'
import { adminBots, botById, markBotRemoved, robotsEnabled, setBotPaused, setRobotsEnabled } from '../../data/bots.js'
import { audit } from '../../data/admin/audit.js'
import { unixSeconds } from '../../domain/groups/access.js'
import { newEffects } from '../../domain/groups/effects.js'
import { notFound } from '../../domain/refusal.js'
import { operatorAccess, robotTip, robotView, type BotCtx, type Changed } from './manage.js'

/** The operator console's robots (docs/admin.md): every group's, with its group and last post. */
export async function adminListRobots(ctx: BotCtx, f: { keyword: string; pageNum: number; pageSize: number }): Promise<Paged<AdminRobotRow>> {
  const { rows, total } = await adminBots(ctx.db, f)
  return {
    rows: rows.map((r) => ({ ...robotView(r, true), groupNumber: r.group_number, groupName: r.group_name, lastPostAt: r.last_post_at ? unixSeconds(r.last_post_at) : null })),
    total,
  }
}

export async function adminPauseRobot(ctx: BotCtx, operator: string, robotId: string, paused: boolean): Promise<Changed<{ changed: boolean }>> {
  const fx = newEffects()
  const result = await ctx.db.tx(async (q) => {
    const row = await botById(q, robotId, true)
    if (!row) throw notFound(ROBOT_NOT_FOUND_TEXT)
    if (row.paused === paused) return { changed: false }
    await setBotPaused(q, robotId, paused)
    await robotTip(q, fx, await operatorAccess(q, row, operator), operator, paused ? 'pause' : 'resume', row, true)
    await audit(q, operator, paused ? 'robot.pause' : 'robot.resume', robotId, { paused: row.paused }, { paused })
    return { changed: true }
  })
  return { result, effects: fx }
}

export async function adminRemoveRobot(ctx: BotCtx, operator: string, robotId: string): Promise<Changed<{ changed: boolean }>> {
  const fx = newEffects()
  const result = await ctx.db.tx(async (q) => {
    const row = await botById(q, robotId, true)
    if (!row) throw notFound(ROBOT_NOT_FOUND_TEXT)
    await markBotRemoved(q, robotId)
    await robotTip(q, fx, await operatorAccess(q, row, operator), operator, 'remove', row, true)
    await audit(q, operator, 'robot.remove', robotId, { name: row.name, groupNumber: row.group_number }, null)
    return { changed: true }
  })
  return { result, effects: fx }
}

export async function robotSwitch(ctx: BotCtx): Promise<RobotSwitch> {
  return { enabled: await robotsEnabled(ctx.db) }
}

export async function setRobotSwitch(ctx: BotCtx, operator: string, enabled: boolean): Promise<RobotSwitch> {
  return ctx.db.tx(async (q) => {
    const before = await robotsEnabled(q)
    await setRobotsEnabled(q, enabled)
    await audit(q, operator, 'robot.switch', '', { enabled: before }, { enabled })
    return { enabled }
  })
}
