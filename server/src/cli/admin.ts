/**
 * Headless operation of the console's actions, on the same database as the server:
 *
 *   npm run admin -- promote <phone|ID>
 *   npm run admin -- demote <phone|ID>
 *   npm run admin -- ban <phone|ID> <days> [reason]
 *   npm run admin -- unban <phone|ID>
 *   npm run admin -- grant-vip <phone|ID> <level 1-10|0> [days]     (0 ends the membership; no days: no end)
 *   npm run admin -- codes <level> <days> <count> [file.csv]        (prints the CSV when no file is given)
 *   npm run admin -- export-reports [file.csv]
 *   npm run admin -- message-origin <phone|ID> <conversationID> <seq>   (who wrote a message, and how)
 *
 * Same environment as the server (DATABASE_URL or DATA_DIR, REDIS_URL): with Redis, a ban's
 * helper notice reaches the user's open sockets at once. Every action is in the audit log as 'cli'.
 */
import fs from 'node:fs'
import Fastify from 'fastify'
import { REDEEM_CODES_MAX, REDEEM_DAYS_MAX, VIP_LEVEL_MAX, VIP_LEVEL_MIN } from '../../../types/admin.js'
import { loadConfig } from '../config.js'
import { openDb } from '../db/index.js'
import { memoryBus } from '../adapters/bus/memory.js'
import { redisBus } from '../adapters/bus/redis.js'
import { resolveAccount } from '../app/admin/accounts.js'
import { audit } from '../data/admin/audit.js'
import { CLI_OPERATOR } from '../domain/admin/audit.js'
import { banUser, restoreUser, type AdminCtx } from '../app/admin/lifecycle.js'
import { settle } from '../app/publish/index.js'
import type { AppContext } from '../context.js'
import { codesCsv, createCodes, grantMembership } from '../app/admin/membership.js'
import { messageOrigin } from '../app/admin/messageOrigin.js'
import { reportsCsv } from '../app/admin/reports.js'
import { demote, promote } from '../app/admin/role.js'
import { liveModeration } from '../app/moderation.js'
import { Refusal } from '../domain/refusal.js'

const USAGE = `usage: npm run admin -- <command>
  promote <phone|ID>
  demote <phone|ID>
  ban <phone|ID> <days> [reason]
  unban <phone|ID>
  grant-vip <phone|ID> <level 1-10, 0 ends it> [days]
  codes <level> <days> <count> [file.csv]
  export-reports [file.csv]
  message-origin <phone|ID of a member> <conversationID as that member sees it> <seq>`

function int(name: string, v: string | undefined, min: number, max: number): number {
  const n = Number(v)
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}`)
  return n
}

const output = (file: string | undefined, text: string) => (file ? fs.writeFileSync(file, text) : process.stdout.write(text))

export async function runAdmin(argv: string[], ctx: AdminCtx): Promise<string> {
  const [command, ...args] = argv
  switch (command) {
    case 'promote': {
      const wtId = await promote(ctx.db, args[0] ?? '')
      await audit(ctx.db, CLI_OPERATOR, 'promote', wtId, null, { operator: true })
      return `${wtId} is an operator`
    }
    case 'demote': {
      const wtId = await demote(ctx.db, args[0] ?? '')
      await audit(ctx.db, CLI_OPERATOR, 'demote', wtId, { operator: true }, { operator: false })
      return `${wtId} is no longer an operator`
    }
    case 'ban': {
      const wtId = await resolveAccount(ctx.db, args[0] ?? '')
      // A ban's one effect is the helper's notice, which needs only the database, the bus and moderation: the CLI's context has them.
      const row = await settle(ctx as AppContext, banUser(ctx, CLI_OPERATOR, wtId, int('days', args[1], 1, 36500), args.slice(2).join(' ')))
      return `${wtId} banned until ${row.bannedUntil}`
    }
    case 'unban': {
      const wtId = await resolveAccount(ctx.db, args[0] ?? '')
      await restoreUser(ctx, CLI_OPERATOR, wtId)
      return `${wtId} restored`
    }
    case 'grant-vip': {
      const wtId = await resolveAccount(ctx.db, args[0] ?? '')
      const level = int('level', args[1], 0, VIP_LEVEL_MAX)
      const days = args[2] === undefined ? null : int('days', args[2], 1, 36500)
      const expiresAt = days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString()
      const change = await grantMembership(ctx.db, CLI_OPERATOR, { wtId, vipType: level === 0 ? 0 : 1, vipLevel: level, expiresAt })
      await audit(ctx.db, CLI_OPERATOR, 'membership.grant', wtId, change.before, change.after)
      return `${wtId}: VIP${change.after.vipLevel}${change.after.expiresAt ? ` until ${change.after.expiresAt}` : ''}`
    }
    case 'codes': {
      const codes = await createCodes(ctx.db, CLI_OPERATOR, { vipLevel: int('level', args[0], VIP_LEVEL_MIN, VIP_LEVEL_MAX), days: int('days', args[1], 1, REDEEM_DAYS_MAX), count: int('count', args[2], 1, REDEEM_CODES_MAX) })
      await audit(ctx.db, CLI_OPERATOR, 'codes.create', codes[0]?.batch ?? '', null, { created: codes.length })
      output(args[3], await codesCsv(ctx.db, codes[0]?.batch ?? ''))
      return `${codes.length} codes in batch ${codes[0]?.batch}`
    }
    case 'export-reports': {
      await audit(ctx.db, CLI_OPERATOR, 'reports.export', '', null, null)
      output(args[0], await reportsCsv(ctx.db))
      return 'reports exported'
    }
    case 'message-origin': {
      const viewer = await resolveAccount(ctx.db, args[0] ?? '')
      const o = await messageOrigin(ctx.db, viewer, args[1] ?? '', int('seq', args[2], 1, Number.MAX_SAFE_INTEGER))
      await audit(ctx.db, CLI_OPERATOR, 'message.origin', o.channel, null, { seq: o.seq })
      return [
        `${o.channel} #${o.seq} at ${o.createdAt}: ${o.type} from ${o.sender}, client ID ${o.clientMsgId}${o.needReadReceipt ? ', read receipts asked' : ''}`,
        `written by: ${o.writtenBy}`,
      ].join('\n')
    }
    default:
      throw new Error(USAGE)
  }
}

async function main() {
  const config = loadConfig()
  const db = await openDb(config)
  const bus = config.redisUrl ? await redisBus(config.redisUrl) : memoryBus()
  const moderation = await liveModeration(db, bus, config.moderationFile ?? undefined)
  const log = Fastify({ logger: { level: 'warn' } }).log
  try {
    process.stderr.write(`${await runAdmin(process.argv.slice(2), { config, db, bus, log, moderation })}\n`)
  } catch (err) {
    process.stderr.write(`${err instanceof Refusal || err instanceof Error ? err.message : String(err)}\n`)
    process.exitCode = 1
  } finally {
    moderation.stop()
    await bus.close()
    await db.close()
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) void main()
