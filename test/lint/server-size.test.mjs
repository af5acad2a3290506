/**
 * No server file passes 400 lines (docs/server-architecture.md): the max-lines rule of
 * eslint.config.mjs fires on a planted file of 401 lines, not on one of 400, nor on a migration.
 */
import { testPlanted } from './planted.mjs'

/** A file of `n` lines: numbered exported constants. */
const linesOf = (n) => Array.from({ length: n }, (_, i) => `export const c${i} = ${i}`).join('\n') + '\n'

testPlanted([
  { name: 'a server file of 401 lines fails', as: 'server/src/realtime/planted.ts', code: linesOf(401), fires: ['max-lines'] },
  { name: 'a server file of 400 lines passes', as: 'server/src/adapters/planted.ts', code: linesOf(400), fires: [] },
  { name: 'a migration may be longer', as: 'server/src/db/migrations/999_planted.ts', code: linesOf(401), fires: [] },
])
