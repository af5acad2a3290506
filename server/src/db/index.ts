import path from 'node:path'
import type { Config } from '../config.js'
import type { Db } from './Db.js'
import { migrate } from './migrate.js'
import { openPglite } from './pglite.js'
import { openPostgres } from './postgres.js'

/** Opens PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR, and migrates it. */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>, opts: { inMemory?: boolean } = {}): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(opts.inMemory ? null : path.join(config.dataDir, 'pgdata'))
  await migrate(db)
  return db
}
