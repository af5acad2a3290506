/**
 * The server keeps no state at module level (docs/server-architecture.md, "The application
 * context"): the rule of eslint.config.mjs fires on each kind of planted module state and leaves
 * constant tables and state inside functions and classes alone.
 */
import { testPlanted } from './planted.mjs'

const state = ['no-restricted-syntax']

testPlanted([
  {
    name: 'a module-level WeakMap cache keyed by the database fails',
    as: 'server/src/domain/planted.ts',
    code: 'const kept = new WeakMap<object, number>()\n\nexport const planted = (db: object) => kept.get(db)\n',
    fires: state,
  },
  {
    name: 'an empty module-level Map or Set fails, exported or typed too',
    as: 'server/src/realtime/planted.ts',
    code: 'export const byUser = new Map<string, number>()\nconst seen = new Set() as Set<string>\n\nexport const planted = () => seen.size\n',
    fires: [...state, ...state],
  },
  {
    name: 'a module-level let, var or empty array fails',
    as: 'server/src/app/planted.ts',
    code: 'let count = 0\nexport var last = 0\nconst queue: number[] = []\n\nexport const planted = () => (count += queue.length + last)\n',
    fires: [...state, ...state, 'no-var', ...state],
  },
  {
    name: 'a constant lookup table and state inside functions and classes pass',
    as: 'server/src/domain/planted.ts',
    code: [
      "const KINDS: ReadonlySet<string> = new Set(['a', 'b'])",
      'export class Kept {',
      '  private readonly lists = new Map<string, number>()',
      '  get = (k: string) => (KINDS.has(k) ? this.lists.get(k) : undefined)',
      '}',
      'export function planted() {',
      '  let n = 0',
      '  const m = new WeakMap<object, number>()',
      '  return () => m.get({}) ?? n++',
      '}',
      '',
    ].join('\n'),
    fires: [],
  },
])
