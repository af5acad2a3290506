/**
 * `npm test`: every test layer in order, stopping at the first failure, then a summary.
 *
 *   node scripts/test-all.mjs                 all steps
 *   node scripts/test-all.mjs unit weapp      only the named steps (names as in the summary)
 *
 * Server tests use PostgreSQL and Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set
 * (.ci/run sets them), and the embedded database otherwise.
 */
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { ensureH5Build, projectRoot, taroBuild } from './ensure-h5-build.mjs'

const bin = (name) => path.join(projectRoot, 'node_modules/.bin', name)

/** Runs a command with inherited output; resolves with its exit code. */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('error', (err) => {
      console.error(err.message)
      resolve(1)
    })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const ok = async (promise) => {
  try {
    await promise
    return 0
  } catch (err) {
    console.error(err.message)
    return 1
  }
}

const MESH_SPECS = ['calls/group.spec.ts', 'calls/mobile.spec.ts', 'calls/layout.spec.ts']

const steps = [
  {
    name: 'lint',
    title: 'Lint (layer rules, then a test that they fire)',
    run: async () => (await run('npm', ['run', '--silent', 'lint'])) || run('npm', ['run', '--silent', 'test:lint']),
  },
  { name: 'typecheck', title: 'Type check (client, server, e2e)', run: () => run('npm', ['run', '--silent', 'typecheck']) },
  { name: 'unit', title: 'Client unit tests (jest)', run: () => run(bin('jest'), ['--ci']) },
  {
    name: 'server',
    title: 'Server tests (vitest)',
    run: () => run(bin('vitest'), ['run', '--config', 'server/vitest.config.ts']),
  },
  {
    name: 'build',
    title: 'Builds (H5 if stale, mini-program)',
    run: async () => {
      const h5 = await ok(ensureH5Build({ quiet: true }).then((r) => console.log(r.built ? 'H5 build finished.' : r.reason)))
      if (h5 !== 0) return h5
      return ok(taroBuild('weapp', { quiet: true }).then(() => console.log('Mini-program build finished.')))
    },
  },
  { name: 'weapp', title: 'Mini-program tests (miniprogram-simulate)', run: () => run(bin('jest'), ['--ci', '--config', 'test/weapp/jest.config.js']) },
  { name: 'e2e', title: 'End-to-end tests (Playwright, Chromium)', run: () => run(bin('playwright'), ['test', '-c', 'test/e2e/playwright.config.ts']) },
  {
    name: 'deploy',
    title: 'Deployment (nginx + two compiled server processes, backups and restores)',
    run: () => run(bin('vitest'), ['run', '--config', 'server/vitest.deploy.config.ts']),
  },
  {
    // With JANUS_URL the e2e step ran the group calls through Janus; the browsers' mesh, the
    // default without it, keeps its own run of the group-call specs.
    name: 'e2e-mesh',
    title: 'Group-call browser tests on the mesh (JANUS_URL unset)',
    run: async () =>
      process.env.JANUS_URL ? run(bin('playwright'), ['test', '-c', 'test/e2e/playwright.config.ts', ...MESH_SPECS], { JANUS_URL: '' }) : 0,
  },
  {
    // The compose files and manifests are checked everywhere; the image needs podman (.ci/run installs it).
    name: 'container',
    title: 'Container image (podman), compose files and Kubernetes manifests',
    run: () => {
      if (spawnSync('podman', ['--version'], { stdio: 'ignore' }).status !== 0) {
        console.log('podman is not installed: the image is not built or run, only the compose files and manifests are checked.')
      }
      return run(bin('vitest'), ['run', '--config', 'server/vitest.container.config.ts'])
    },
  },
]

const wanted = process.argv.slice(2)
const unknown = wanted.filter((w) => !steps.some((s) => s.name === w))
if (unknown.length) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${steps.map((s) => s.name).join(', ')}`)
  process.exit(2)
}
const selected = wanted.length ? steps.filter((s) => wanted.includes(s.name)) : steps

const results = []
for (const step of selected) {
  console.log(`\n━━ ${step.title} ━━`)
  const started = Date.now()
  const code = await step.run()
  results.push({ step, code, seconds: (Date.now() - started) / 1000 })
  if (code !== 0) break
}

const failed = results.find((r) => r.code !== 0)
const skipped = selected.slice(results.length)
console.log('\nSummary')
for (const { step, code, seconds } of results) {
  console.log(`  ${code === 0 ? 'PASS' : 'FAIL'}  ${step.name.padEnd(10)} ${seconds.toFixed(1).padStart(6)} s  ${step.title}`)
}
for (const step of skipped) console.log(`  SKIP  ${step.name.padEnd(10)}          ${step.title}`)
console.log(failed ? `\nFailed at "${failed.step.name}".` : '\nAll steps passed.')
process.exit(failed ? 1 : 0)
