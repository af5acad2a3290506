/**
 * `npm start`: builds what is stale (the H5 app, the compiled server), then runs the compiled
 * server in this process. On a fresh clone that means one build of each; afterwards a start
 * only compares modification times.
 */
import { ensureH5Build } from './ensure-h5-build.mjs'
import { ensureServerBuild, SERVER_MAIN } from './build-server.mjs'
import { pathToFileURL } from 'node:url'

try {
  const h5 = await ensureH5Build()
  if (h5.built) console.log('H5 build finished.')
  const server = await ensureServerBuild()
  if (server.built) console.log('Server build finished.')
  else if (server.reason.includes('TypeScript is not installed')) console.warn(server.reason)
} catch (err) {
  console.error(err.message)
  process.exit(1)
}
await import(pathToFileURL(SERVER_MAIN).href)
