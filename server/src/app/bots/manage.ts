import { randomBytes } from 'node:crypto'
import {
  ROBOT_CALLBACK_REFUSED_TEXT,
  ROBOT_ID_PREFIX,
  ROBOT_LIMIT_TEXT,
  ROBOT_NOT_FOUND_TEXT,
  ROBOTS_OFF_TEXT,
  ROBOTS_PER_GROUP,
  type Robot,
  type RobotAddBody,
  type RobotList,
  type RobotSecrets,
} from '../../../../types/bots.js'
import { GroupIdentity, TipOp } from '../../../../types/group.js'
import type { AppContext } from '../../context.js'
import { activeRobotCount, botById, groupBots, insertBot, markBotRemoved, robotsEnabled, setBotKey, setBotPaused, type BotRow } from '../../data/bots.js'
import type { Queryable } from '../../db/Db.js'
import { audit } from '../../data/admin/audit.js'
import { robotTipProfile, type RobotTipAction } from '../../domain/bots.js'
import { unixSeconds, type GroupAccess } from '../../domain/groups/access.js'
import { openGroup, requireRole } from '../groups/access.js'
import { newEffects, type GroupEffects } from '../../domain/groups/effects.js'
import { writeTip } from '../groups/tips.js'
import { badRequest, forbidden, notFound } from '../../domain/refusal.js'
import { hashToken, newToken } from '../../domain/tokens.js'

export type BotCtx = Pick<AppContext, 'db' | 'botCallbacks'>

/** 128 random bits in WeCom's key shape (8-4-4-4-12 hex), so tools that check the shape accept it. */
export function newWebhookKey(): string {
  const h = randomBytes(16).toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

export const webhookUrl = (origin: string, key: string) => `${origin}/api/webhook/send?key=${key}`

export function robotView(r: BotRow, manager: boolean): Robot {
  return {
    robotId: r.bot_id,
    name: r.name,
    avatar: r.avatar,
    description: r.description,
    paused: r.paused,
    answers: r.callback_url !== '',
    ...(manager ? { callbackUrl: r.callback_url } : {}),
    createdBy: r.created_by,
    createdAt: unixSeconds(r.created_at),
  }
}

const auditState = (r: BotRow) => ({ name: r.name, groupNumber: r.group_number, paused: r.paused, callbackUrl: r.callback_url })

async function requireEnabled(q: Queryable): Promise<void> {
  if (!(await robotsEnabled(q))) throw forbidden(ROBOTS_OFF_TEXT)
}

/** Writes the group tip of a robot change in the group's history. */
export async function robotTip(q: Queryable, fx: GroupEffects, access: Pick<GroupAccess, 'group' | 'channelId'>, operator: string, action: RobotTipAction, r: BotRow, byOperator = false) {
  await writeTip(q, fx, access, operator, TipOp.Profile, { ids: [r.bot_id], nicks: [r.name] }, { newGroupProfile: robotTipProfile(action, r.name, byOperator) })
}

/** The group's robots, for every member; the managers (owner, administrators) also see the callback addresses. */
export async function listRobots(ctx: BotCtx, me: string, groupNumber: string): Promise<RobotList> {
  const access = await requireRole(ctx.db, groupNumber, me, GroupIdentity.Member)
  const manager = access.self.identity >= GroupIdentity.Admin
  const rows = await groupBots(ctx.db, access.group.group_id)
  return { robots: rows.map((r) => robotView(r, manager)), canManage: manager, enabled: await robotsEnabled(ctx.db) }
}

export interface Changed<T> {
  result: T
  effects: GroupEffects
}

async function checkCallback(ctx: BotCtx, url: string): Promise<void> {
  if (!url) return
  const refusal = await ctx.botCallbacks.check(url)
  if (refusal) throw badRequest(ROBOT_CALLBACK_REFUSED_TEXT)
}

export async function addRobot(ctx: BotCtx, me: string, origin: string, b: Required<RobotAddBody>): Promise<Changed<RobotSecrets>> {
  await checkCallback(ctx, b.callbackUrl)
  const fx = newEffects()
  const result = await ctx.db.tx(async (q) => {
    await requireEnabled(q)
    const access = await requireRole(q, b.groupNumber, me, GroupIdentity.Admin, true)
    if ((await activeRobotCount(q, access.group.group_id)) >= ROBOTS_PER_GROUP) throw badRequest(ROBOT_LIMIT_TEXT)
    const key = newWebhookKey()
    const botId = ROBOT_ID_PREFIX + randomBytes(6).toString('hex')
    const callbackSecret = b.callbackUrl ? newToken(24) : ''
    await insertBot(q, {
      botId,
      groupId: access.group.group_id,
      name: b.name,
      avatar: b.avatar,
      description: b.description,
      keyHash: hashToken(key),
      callbackUrl: b.callbackUrl,
      callbackSecret,
      createdBy: me,
    })
    const row = (await botById(q, botId))!
    await robotTip(q, fx, access, me, 'add', row)
    await audit(q, me, 'robot.add', botId, null, auditState(row))
    return { robot: robotView(row, true), webhookUrl: webhookUrl(origin, key), callbackSecret }
  })
  return { result, effects: fx }
}

/** A robot of the group, with the caller's right to manage it checked (the group row locked). */
async function managedRobot(q: Queryable, me: string, groupNumber: string, robotId: string) {
  const access = await requireRole(q, groupNumber, me, GroupIdentity.Admin, true)
  const row = await botById(q, robotId, true)
  if (!row || row.group_id !== access.group.group_id) throw notFound(ROBOT_NOT_FOUND_TEXT)
  return { access, row }
}

/** A new key (and callback secret): the old address stops at once. */
export async function regenerateKey(ctx: BotCtx, me: string, origin: string, groupNumber: string, robotId: string): Promise<Changed<RobotSecrets>> {
  const fx = newEffects()
  const result = await ctx.db.tx(async (q) => {
    await requireEnabled(q)
    const { access, row } = await managedRobot(q, me, groupNumber, robotId)
    const key = newWebhookKey()
    const callbackSecret = row.callback_url ? newToken(24) : ''
    await setBotKey(q, robotId, hashToken(key), callbackSecret)
    await robotTip(q, fx, access, me, 'regenerate', row)
    await audit(q, me, 'robot.regenerate', robotId, null, null)
    return { robot: robotView(row, true), webhookUrl: webhookUrl(origin, key), callbackSecret }
  })
  return { result, effects: fx }
}

export async function pauseRobot(ctx: BotCtx, me: string, groupNumber: string, robotId: string, paused: boolean): Promise<Changed<Robot>> {
  const fx = newEffects()
  const result = await ctx.db.tx(async (q) => {
    const { access, row } = await managedRobot(q, me, groupNumber, robotId)
    if (row.paused === paused) return robotView(row, true)
    await setBotPaused(q, robotId, paused)
    await robotTip(q, fx, access, me, paused ? 'pause' : 'resume', row)
    await audit(q, me, paused ? 'robot.pause' : 'robot.resume', robotId, auditState(row), { ...auditState(row), paused })
    return robotView({ ...row, paused }, true)
  })
  return { result, effects: fx }
}

export async function removeRobot(ctx: BotCtx, me: string, groupNumber: string, robotId: string): Promise<Changed<{ changed: boolean }>> {
  const fx = newEffects()
  const result = await ctx.db.tx(async (q) => {
    const { access, row } = await managedRobot(q, me, groupNumber, robotId)
    await markBotRemoved(q, robotId)
    await robotTip(q, fx, access, me, 'remove', row)
    await audit(q, me, 'robot.remove', robotId, auditState(row), null)
    return { changed: true }
  })
  return { result, effects: fx }
}

/** The group of a robot for an operator's action (the operator need not be a member). */
export async function operatorAccess(q: Queryable, row: BotRow, operator: string) {
  return openGroup(q, row.group_number, operator, true)
}
