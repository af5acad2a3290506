/**
 * `npm run build`: the compiled server (dist/server, always rebuilt) and the H5 app (dist/h5,
 * rebuilt when stale) with brotli and gzip copies of its text assets. What a deployment copies or runs.
 */
import { ensureH5Build, precompress } from './ensure-h5-build.mjs'
import { buildServer } from './build-server.mjs'

try {
  await buildServer()
  console.log('Server build finished (dist/server).')
  const h5 = await ensureH5Build()
  console.log(h5.built ? 'H5 build finished (dist/h5).' : h5.reason)
  const written = precompress()
  if (written) console.log(`Precompressed ${written} files in dist/h5.`)
} catch (err) {
  console.error(err.message)
  process.exit(1)
}
