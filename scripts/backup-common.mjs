/** What the backup and restore scripts share: where things are, and running tools. */
import { spawn } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'

/** The same defaults as the server (server/src/config.ts). */
export function locations(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR || './data')
  return {
    dataDir,
    pgdata: path.join(dataDir, 'pgdata'),
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    databaseUrl: env.DATABASE_URL || null,
    healthUrl: `http://${env.HOST && env.HOST !== '0.0.0.0' && env.HOST !== '::' ? env.HOST : '127.0.0.1'}:${env.PORT || 3000}/api/health`,
  }
}

/** Runs a command; rejects with its stderr when it fails. */
export function run(command, args, { env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env })
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args[0]} … failed (exit ${code}): ${stderr.trim().slice(-2000)}`))))
  })
}

/** The embedded database is one process's files: a copy is only consistent with that process stopped. */
export async function refuseIfServerRuns(healthUrl) {
  try {
    const res = await fetch(healthUrl, { signal: AbortSignal.timeout(1000) })
    if (res.ok) throw new Error(`the server answers at ${healthUrl}; stop it first (systemctl stop weitalk@…), the embedded database cannot be copied while it runs`)
  } catch (err) {
    if (err.message.startsWith('the server answers')) throw err
  }
}

/** Parses `--name value` and `--flag` options after positional arguments. */
export function parseArgs(argv) {
  const positional = []
  const options = {}
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (!a.startsWith('--')) positional.push(a)
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) options[a.slice(2)] = argv[++i]
    else options[a.slice(2)] = true
  }
  return { positional, options }
}

/** The first row of one query on PostgreSQL (counts for the manifest and its check). */
export async function postgresRow(url, sql) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows[0]
  } finally {
    await client.end()
  }
}
