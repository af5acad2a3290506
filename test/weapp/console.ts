/**
 * The compiled bundle is minified, so Jest's code frame for a console call is one enormous line.
 * Warnings and errors are printed as one short line each; the app's logs only with WEAPP_VERBOSE.
 */
const short = (args: unknown[]) =>
  args
    .map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : typeof a === 'string' ? a : JSON.stringify(a)))
    .join(' ')
    .slice(0, 300)

for (const level of ['error', 'warn'] as const) {
  console[level] = (...args: unknown[]) => void process.stderr.write(`[weapp ${level}] ${short(args)}\n`)
}
if (!process.env.WEAPP_VERBOSE) {
  console.log = () => undefined
  console.info = () => undefined
  console.debug = () => undefined
}
