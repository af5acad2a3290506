/**
 * `npm run backup -- [--out DIR] [--keep N]`: one directory per backup, holding the database
 * and the uploaded files, with a manifest of what it contains.
 *
 *   PostgreSQL (DATABASE_URL set): pg_dump in its custom format, while the servers run.
 *   PGlite (DATA_DIR): the embedded data directory as a tarball; stop the server first.
 *   Uploads (UPLOAD_DIR): a tarball; files are written once under random names, so copying
 *   while the servers run is safe (a file uploaded during the copy may be left out).
 *
 * Restore with scripts/restore.mjs. docs/operations.md has the procedure.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { locations, parseArgs, postgresRow, refuseIfServerRuns, run } from './backup-common.mjs'

const COUNTS = `SELECT (SELECT count(*) FROM messages)::int AS messages, (SELECT count(*) FROM uploads)::int AS uploads,
  (SELECT coalesce(json_agg(version ORDER BY version), '[]'::json) FROM schema_migrations) AS migrations`

async function postgresBackup(url, target) {
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', '--file', path.join(target, 'database.dump'), url])
  return postgresRow(url, COUNTS)
}

async function pgliteBackup(pgdata, target) {
  const { PGlite } = await import('@electric-sql/pglite')
  // The data directory holds message search's trigram indexes (server/src/db/pglite.ts).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const db = await PGlite.create({ dataDir: pgdata, extensions: { pg_trgm } })
  try {
    const counts = (await db.query(COUNTS)).rows[0]
    const tarball = await db.dumpDataDir('gzip')
    writeFileSync(path.join(target, 'pgdata.tar.gz'), Buffer.from(await tarball.arrayBuffer()))
    return counts
  } finally {
    await db.close()
  }
}

export async function backup({ out = 'backups', keep = null, env = process.env } = {}) {
  const where = locations(env)
  if (!where.databaseUrl) {
    if (!existsSync(path.join(where.pgdata, 'PG_VERSION'))) throw new Error(`no embedded database in ${where.pgdata} (DATA_DIR)`)
    await refuseIfServerRuns(where.healthUrl)
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')
  const target = path.resolve(out, `weitalk-${stamp}`)
  mkdirSync(target, { recursive: true })
  try {
    const counts = where.databaseUrl ? await postgresBackup(where.databaseUrl, target) : await pgliteBackup(where.pgdata, target)
    const uploadFiles = existsSync(where.uploadDir) ? readdirSync(where.uploadDir).length : 0
    if (existsSync(where.uploadDir)) await run('tar', ['-czf', path.join(target, 'uploads.tar.gz'), '-C', where.uploadDir, '.'])
    const manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: where.databaseUrl ? 'postgres' : 'pglite',
      messages: counts.messages,
      uploads: counts.uploads,
      uploadFiles,
      migrations: counts.migrations,
    }
    writeFileSync(path.join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  } catch (err) {
    rmSync(target, { recursive: true, force: true })
    throw err
  }
  if (keep) {
    const all = readdirSync(path.resolve(out)).filter((d) => /^weitalk-\d{8}T\d{6}Z$/.test(d)).sort()
    for (const old of all.slice(0, Math.max(0, all.length - Number(keep)))) rmSync(path.resolve(out, old), { recursive: true, force: true })
  }
  return target
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { options } = parseArgs(process.argv.slice(2))
  backup({ out: options.out ?? 'backups', keep: options.keep ?? null })
    .then((target) => console.log(`Backup written to ${target}`))
    .catch((err) => {
      console.error(`Backup failed: ${err.message}`)
      process.exit(1)
    })
}
