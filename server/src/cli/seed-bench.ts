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
import type { Queryable } from '../db/Db.js'
import { openDb } from '../db/index.js'
import { hashToken, newToken } from '../domain/tokens.js'
import { defaultAvatar } from '../domain/users.js'

export const BENCH_PASSWORD = 'bench1234'
const CHUNK = 1000

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

/** One multi-row INSERT per chunk: `rows` are arrays of parameters, `tail` goes after VALUES. */
async function insertRows(q: Queryable, head: string, rows: unknown[][], tail = 'ON CONFLICT DO NOTHING'): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK)
    const params: unknown[] = []
    const tuples = chunk.map((r) => `(${r.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`)
    await q.query(`${head} VALUES ${tuples.join(', ')} ${tail}`, params)
  }
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
      // Users and their settings rows, generated in the database: wt_id 9NNNNNNN, phone 1709NNNNNNN.
      const all = args.group ? args.groupMembers : args.users
      const idExpr = `'9' || lpad(n::text, 7, '0')`
      await q.query(
        `INSERT INTO users (wt_id, phone, pwd_hash, nick_name, avatar)
         SELECT ${idExpr}, '170' || ${idExpr}, $3, 'bench' || ${idExpr}, $4 || ${idExpr} || '.svg'
         FROM generate_series($1::int, $2::int) AS n ON CONFLICT DO NOTHING`,
        [args.first, args.first + all - 1, pwdHash, defaultAvatar('').replace(/\.svg$/, '')],
      )
      await q.query(
        `INSERT INTO user_config (wt_id) SELECT ${idExpr} FROM generate_series($1::int, $2::int) AS n ON CONFLICT DO NOTHING`,
        [args.first, args.first + all - 1],
      )
      await insertRows(
        q,
        'INSERT INTO sessions (token_hash, wt_id, device_id, user_agent)',
        ids.map((id, i) => [hashToken(tokens[i]!), id, 'bench', 'bench/messaging']),
      )
      if (args.group) {
        const { rows } = await q.query<{ n: string }>(`SELECT nextval('group_number_seq')::text AS n`)
        const groupNumber = rows[0]!.n
        groupId = `G${groupNumber}`
        const channelId = `group:${groupId}`
        await q.query('INSERT INTO groups (group_id, group_number, group_name, owner_wt_id, group_type) VALUES ($1, $2, $3, $4, $5)', [
          groupId,
          groupNumber,
          `bench ${args.groupMembers}`,
          ids[0],
          args.groupMembers > 5000 ? 'Community' : 'Work',
        ])
        // Client 0 owns the group and invited everyone else. Each member's conversation row
        // is made once here, as joining does; sending never writes per-member rows.
        await q.query(
          `INSERT INTO group_members (group_id, wt_id, identity, join_type, inviter_wt_id)
           SELECT $1, ${idExpr}, CASE WHEN n = $2 THEN 3 ELSE 1 END, 2, CASE WHEN n = $2 THEN NULL ELSE $4 END
           FROM generate_series($2::int, $3::int) AS n`,
          [groupId, args.first, args.first + args.groupMembers - 1, ids[0]],
        )
        await q.query('INSERT INTO channels (channel_id) VALUES ($1) ON CONFLICT DO NOTHING', [channelId])
        await q.query(
          `INSERT INTO user_conversations (wt_id, conversation_id, channel_id)
           SELECT ${idExpr}, $1, $2 FROM generate_series($3::int, $4::int) AS n`,
          [`GROUP${groupId}`, channelId, args.first, args.first + args.groupMembers - 1],
        )
      }
    })
    // Only tables this seed filled: statistics saying "empty" (reltuples 0) make the planner cache
    // sequential-scan plans in long-lived connections, which then stay as the tables grow.
    const filled = ['users', 'user_config', 'sessions', ...(args.group ? ['groups', 'group_members', 'channels', 'user_conversations'] : [])]
    for (const table of filled) await db.exec(`ANALYZE ${table}`)

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
