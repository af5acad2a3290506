/**
 * The server's layer rules (docs/server-architecture.md) fire where they should: the zones of
 * eslint.config.mjs, and the cycle rule of .dependency-cruiser.cjs, which sees type-only imports.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { test } from 'node:test'
import { cruise } from 'dependency-cruiser'
import { root, testPlanted } from './planted.mjs'

const zone = ['import-x/no-restricted-paths']

testPlanted([
  {
    name: 'a route that reads the data layer fails',
    as: 'server/src/routes/planted.ts',
    code: "import { appliedMigrations } from '../data/ops.js'\n\nexport const planted = appliedMigrations\n",
    fires: zone,
  },
  {
    name: 'the socket handler that reads the data layer fails',
    as: 'server/src/realtime/planted.ts',
    code: "import type { Queryable } from '../db/Db.js'\nimport { liveCallCount } from '../data/ops.js'\n\nexport const planted = (q: Queryable) => liveCallCount(q)\n",
    fires: zone,
  },
  {
    name: 'a route may call a use case',
    as: 'server/src/routes/planted.ts',
    code: "import { readiness } from '../app/ops.js'\n\nexport const planted = readiness\n",
    fires: [],
  },
  {
    name: 'a domain rule that reaches up into the transport fails',
    as: 'server/src/domain/planted.ts',
    code: "import { chatFrameHandler } from '../realtime/chat.js'\n\nexport const planted = chatFrameHandler\n",
    fires: zone,
  },
  {
    name: 'a domain rule that reads the data layer fails, type-only too',
    as: 'server/src/domain/planted.ts',
    code: "import type { Readiness } from '../app/ops.js'\nimport { appliedMigrations } from '../data/ops.js'\n\nexport type Planted = Readiness\nexport const planted = appliedMigrations\n",
    fires: [...zone, ...zone],
  },
  {
    name: 'a domain rule that imports http or ops fails',
    as: 'server/src/domain/planted.ts',
    code: "import { ok } from '../http/envelope.js'\nimport { createMetrics } from '../ops/metrics.js'\n\nexport const planted = [ok, createMetrics]\n",
    fires: [...zone, ...zone],
  },
  {
    name: 'a domain rule that uses an outside service directly fails',
    as: 'server/src/domain/planted.ts',
    code: "import { trtcSigner } from '../adapters/trtc.js'\n\nexport const planted = trtcSigner\n",
    fires: zone,
  },
  {
    name: 'a domain rule that takes a database handle fails, type-only too',
    as: 'server/src/domain/planted.ts',
    code: "import type { Queryable } from '../db/Db.js'\n\nexport type Planted = Queryable\n",
    fires: zone,
  },
  {
    name: 'a domain rule that runs a query on what it is handed fails',
    as: 'server/src/domain/planted.ts',
    code: "export const planted = (q: { query(sql: string): Promise<unknown> }) => q.query('SELECT 1')\n",
    fires: ['no-restricted-syntax'],
  },
  {
    name: 'the data layer may run that query',
    as: 'server/src/data/planted.ts',
    code: "export const planted = (q: { query(sql: string): Promise<unknown> }) => q.query('SELECT 1')\n",
    fires: [],
  },
  {
    name: 'a script under cli/ that runs its own SQL fails',
    as: 'server/src/cli/planted.ts',
    code: "export const planted = (q: { exec(sql: string): Promise<void> }) => q.exec('ANALYZE users')\n",
    fires: ['no-restricted-syntax'],
  },
  {
    name: 'a domain rule still may not keep module state',
    as: 'server/src/domain/planted.ts',
    code: 'export const planted = new Map<string, number>()\n',
    fires: ['no-restricted-syntax'],
  },
  {
    name: 'the data layer that imports a route fails',
    as: 'server/src/data/planted.ts',
    code: "import { healthPlugin } from '../routes/health.js'\n\nexport const planted = healthPlugin\n",
    fires: zone,
  },
  {
    name: 'a use case that calls back up into the transport fails',
    as: 'server/src/app/planted.ts',
    code: "import { sessionOf } from '../http/auth.js'\n\nexport const planted = sessionOf\n",
    fires: zone,
  },
])

const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'))

/** Cruises a folder of planted files with the project's own cycle rule and options. */
async function cycleViolations(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planted-cycle-'))
  try {
    for (const [name, code] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), code)
    const { tsConfig: _tsConfig, includeOnly: _includeOnly, ...options } = config.options
    const { output } = await cruise([dir], { ...options, validate: true, ruleSet: { forbidden: config.forbidden } })
    return output.summary.violations.map((v) => v.rule.name)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

test('two server files tied only by type imports make a cycle', async () => {
  const violations = await cycleViolations({
    'a.ts': "import type { B } from './b'\n\nexport interface A { b: B }\n",
    'b.ts': "import type { A } from './a'\n\nexport interface B { a?: A }\n",
  })
  assert.deepEqual([...new Set(violations)], ['no-circular'])
})

test('a one-way type import is no cycle', async () => {
  const violations = await cycleViolations({
    'a.ts': "import type { B } from './b'\n\nexport interface A { b: B }\n",
    'b.ts': 'export interface B { n: number }\n',
  })
  assert.deepEqual(violations, [])
})

test('the server as it stands has no cycle', async () => {
  const { output } = await cruise(['server/src'], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } })
  assert.deepEqual(output.summary.violations, [])
})
