import type { Queryable } from '../db/Db.js'
import { newToken } from '../domain/tokens.js'

/** A server-wide secret kept in the database, so every server process shares it. */
export async function serverSecret(db: Queryable, key: string): Promise<string> {
  await db.query('INSERT INTO server_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, newToken()])
  const { rows } = await db.query<{ value: string }>('SELECT value FROM server_settings WHERE key = $1', [key])
  return rows[0]!.value
}
