/**
 * Seeds a database with benchmark users, one session token each and optionally one group
 * holding all of them, for bench/messaging.
 *
 *   DATABASE_URL=... npx tsx server/src/cli/seed-bench.ts --users=5000 [--group] [--out=seed.json]
 *   DATA_DIR=...     npx tsx server/src/cli/seed-bench.ts --users=5000 [--group] [--out=seed.json]
 *   DATABASE_URL=... npx tsx server/src/cli/seed-bench.ts --users=2000 --group-members=100000
 *
 * --group-members=M (implies --group) makes a Community group of M members: the --users
 * users with sessions (the ones that connect) and M - users more without, all created in
 * the database by generate_series (a 100,000-member group takes seconds, not minutes).
 *
 * Same environment as the server: PostgreSQL when DATABASE_URL is set, else PGlite in
 * DATA_DIR (the server must not be running on that DATA_DIR). Migrates first. Users are
 * `9NNNNNNN` (8 digits, from --first, default 0) with phone `170NNNNNNNN`; re-running skips
 * users that exist and adds fresh sessions. Writes {users:[{wtId, token}], groupId, password} as JSON:
 * every user has the same password, hashed once (a hash per user would take minutes).
 */
import fs from 'node:fs'
import path from 'node:path'
import { scryptHashing } from '../adapters/passwordHashing/scrypt.js'
import { loadConfig } from '../config.js'
import { insertNumberedGroup } from '../data/groups/groups.js'
import { analyzeTables, type AnalyzedTable } from '../data/ops.js'
import { insertSessions } from '../data/sessions.js'
import { insertNumberedUsers } from '../data/users.js'
import { openDb } from '../db/index.js'
import { hashToken, newToken } from '../domain/tokens.js'
import { defaultAvatar } from '../domain/users.js'

export const BENCH_PASSWORD = 'bench1234'

interface Args {
  users: number
  first: number
  group: boolean
  /** Members of the group; at least `users` (the extra ones have no session). */
  groupMembers: number
  out: string
}

function parseArgs(argv: string[]): Args {
  const get = (name: string) => argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`))
  const value = (name: string) => get(name)?.split('=').slice(1).join('=')
  const users = Number(value('users') ?? 1000)
  const first = Number(value('first') ?? 0)
  if (!Number.isInteger(users) || users < 2 || users > 9_000_000) throw new Error('--users must be an integer from 2 to 9000000')
  if (!Number.isInteger(first) || first < 0 || first + users > 9_999_999) throw new Error('--first is out of range')
  const groupMembers = Number(value('group-members') ?? users)
  if (!Number.isInteger(groupMembers) || groupMembers < users || first + groupMembers > 9_999_999) {
    throw new Error('--group-members must be an integer, at least --users')
  }
  const group = get('group') !== undefined || get('group-members') !== undefined
  return { users, first, group, groupMembers, out: path.resolve(value('out') ?? 'bench-seed.json') }
}

async function main() {
  const args = parseArgs(process.argv.slice(2))
  const started = Date.now()
  const config = loadConfig()
  const db = await openDb(config)
  try {
    const hashing = scryptHashing(config.passwordHashing)
    const pwdHash = await hashing.hash(BENCH_PASSWORD).finally(() => hashing.close())
    const ids = Array.from({ length: args.users }, (_, i) => `9${String(args.first + i).padStart(7, '0')}`)
    const tokens = ids.map(() => newToken())
    let groupId: string | null = null

    await db.tx(async (q) => {
      const all = args.group ? args.groupMembers : args.users
      await insertNumberedUsers(q, args.first, args.first + all - 1, pwdHash, defaultAvatar('').replace(/\.svg$/, ''))
      await insertSessions(
        q,
        ids.map((wtId, i) => ({ tokenHash: hashToken(tokens[i]!), wtId, deviceId: 'bench', userAgent: 'bench/messaging' })),
      )
      if (args.group) {
        groupId = await insertNumberedGroup(q, {
          groupName: `bench ${args.groupMembers}`,
          groupType: args.groupMembers > 5000 ? 'Community' : 'Work',
          first: args.first,
          last: args.first + args.groupMembers - 1,
          owner: ids[0]!,
        })
      }
    })
    // Only tables this seed filled: statistics saying "empty" (reltuples 0) make the planner cache
    // sequential-scan plans in long-lived connections, which then stay as the tables grow.
    const filled: AnalyzedTable[] = ['users', 'user_config', 'sessions', ...(args.group ? (['groups', 'group_members', 'channels', 'user_conversations'] as const) : [])]
    await analyzeTables(db, filled)

    fs.mkdirSync(path.dirname(args.out), { recursive: true })
    fs.writeFileSync(args.out, JSON.stringify({ users: ids.map((wtId, i) => ({ wtId, token: tokens[i] })), groupId, password: BENCH_PASSWORD }))
    console.log(
      `seeded ${args.users} users with sessions${groupId ? ` and group ${groupId} of ${args.groupMembers} members` : ''} on ${db.kind} in ${Date.now() - started} ms -> ${args.out}`,
    )
  } finally {
    await db.close()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
