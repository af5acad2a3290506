import pg from 'pg'

/** A PostgreSQL database `<name>_<pid>` created beside `pgUrl`'s, for one run, and dropped by drop(). */
export async function throwawayDatabase(pgUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const dbName = `${name}_${process.pid}`
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${dbName}`)
  await admin.end()
  const url = new URL(pgUrl)
  url.pathname = `/${dbName}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: pgUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
      await c.end()
    },
  }
}
