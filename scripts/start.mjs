/**
 * `npm start`: builds what is stale (the H5 app, the compiled server), then runs the compiled
 * server in this process. On a fresh clone that means one build of each; afterwards a start
 * only compares modification times.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { ensureH5Build, h5StaleReason, projectRoot } from './ensure-h5-build.mjs'
import { ensureServerBuild, SERVER_MAIN } from './build-server.mjs'

/** A production install (npm ci --omit=dev) has no Taro: an existing dist/h5 is served as it is. */
const canBuildH5 = existsSync(path.join(projectRoot, 'node_modules/.bin/taro'))

try {
  const stale = h5StaleReason()
  if (stale && !canBuildH5 && existsSync(path.join(projectRoot, 'dist/h5/index.html'))) {
    console.warn(`${stale}; Taro is not installed, so the existing dist/h5 is served`)
  } else {
    const h5 = await ensureH5Build()
    if (h5.built) console.log('H5 build finished.')
  }
  const server = await ensureServerBuild()
  if (server.built) console.log('Server build finished.')
  else if (server.reason.includes('TypeScript is not installed')) console.warn(server.reason)
} catch (err) {
  console.error(err.message)
  process.exit(1)
}
await import(pathToFileURL(SERVER_MAIN).href)
