/**
 * `npm run restore -- BACKUP_DIR [--clean]`: puts a backup made by scripts/backup.mjs back
 * where the environment (DATA_DIR, DATABASE_URL, UPLOAD_DIR) points, then checks that the
 * restored database holds as many messages and uploads as the manifest says.
 *
 *   PGlite: DATA_DIR/pgdata must not exist yet (restore into a fresh data directory, or move
 *   the old one aside); the server must be stopped.
 *   PostgreSQL: into an empty database; `--clean` drops what a previous restore created first.
 *   Uploads: unpacked into UPLOAD_DIR (existing files with the same names are replaced).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { locations, parseArgs, postgresRow, refuseIfServerRuns, run } from './backup-common.mjs'

const COUNTS = 'SELECT (SELECT count(*) FROM messages)::int AS messages, (SELECT count(*) FROM uploads)::int AS uploads'

async function restorePostgres(url, source, clean) {
  const args = ['--no-owner', '--no-acl', '--exit-on-error', '--dbname', url]
  if (clean) args.push('--clean', '--if-exists')
  await run('pg_restore', [...args, path.join(source, 'database.dump')])
  return postgresRow(url, COUNTS)
}

async function restorePglite(pgdata, source) {
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
    throw new Error(`${pgdata} already holds a database; restore into a fresh DATA_DIR or move it aside first`)
  }
  mkdirSync(pgdata, { recursive: true })
  const { PGlite } = await import('@electric-sql/pglite')
  // The data directory holds message search's trigram indexes (server/src/db/pglite.ts).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const tarball = new Blob([readFileSync(path.join(source, 'pgdata.tar.gz'))])
  const db = await PGlite.create({ dataDir: pgdata, loadDataDir: tarball, extensions: { pg_trgm } })
  try {
    return (await db.query(COUNTS)).rows[0]
  } finally {
    await db.close()
  }
}

export async function restore(source, { clean = false, env = process.env } = {}) {
  const from = path.resolve(source)
  const manifest = JSON.parse(readFileSync(path.join(from, 'manifest.json'), 'utf8'))
  const where = locations(env)
  if (manifest.database === 'postgres' && !where.databaseUrl) throw new Error('this backup is of PostgreSQL: set DATABASE_URL to the database to restore into')
  if (manifest.database === 'pglite' && where.databaseUrl) throw new Error('this backup is of the embedded database: unset DATABASE_URL and set DATA_DIR')
  if (manifest.database === 'pglite') await refuseIfServerRuns(where.healthUrl)

  const counts = manifest.database === 'postgres' ? await restorePostgres(where.databaseUrl, from, clean) : await restorePglite(where.pgdata, from)
  if (existsSync(path.join(from, 'uploads.tar.gz'))) {
    mkdirSync(where.uploadDir, { recursive: true })
    await run('tar', ['-xzf', path.join(from, 'uploads.tar.gz'), '-C', where.uploadDir])
  }
  const files = existsSync(where.uploadDir) ? readdirSync(where.uploadDir).length : 0
  if (counts.messages !== manifest.messages || counts.uploads !== manifest.uploads || files < manifest.uploadFiles) {
    throw new Error(
      `restored ${counts.messages} messages, ${counts.uploads} uploads and ${files} files; the backup has ${manifest.messages}, ${manifest.uploads} and ${manifest.uploadFiles}`,
    )
  }
  return { ...counts, files }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positional, options } = parseArgs(process.argv.slice(2))
  if (positional.length !== 1) {
    console.error('Usage: npm run restore -- BACKUP_DIR [--clean]')
    process.exit(2)
  }
  restore(positional[0], { clean: Boolean(options.clean) })
    .then((r) => console.log(`Restored ${r.messages} messages and ${r.uploads} uploads (${r.files} files).`))
    .catch((err) => {
      console.error(`Restore failed: ${err.message}`)
      process.exit(1)
    })
}
