import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './Db.js'

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
// One arbitrary constant so concurrent server processes apply migrations one at a time.
const MIGRATION_LOCK = 7_421_337

/** The numbered `NNN_name.sql` files this build knows, in order. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
}

/** Applies numbered `NNN_name.sql` files not yet recorded, each in its own transaction. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(dir)
  const applied: string[] = []
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await q.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    )
    const done = new Set((await q.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version))
    for (const file of files) {
      if (done.has(file)) continue
      await q.exec(fs.readFileSync(path.join(dir, file), 'utf8'))
      await q.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
      applied.push(file)
    }
  })
  return applied
}
