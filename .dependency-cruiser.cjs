/**
 * The server has no import cycle, type-only imports included (eslint's import-x/no-cycle skips
 * those). The layer zones themselves live in eslint.config.mjs; this file holds only what ESLint
 * cannot see. `npm run lint` runs it over server/src.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Server files import each other one way: a type shared by two files belongs in the lower one.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Keep `import type` edges, which compile away but still tie two files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'server/tsconfig.json') },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|^types/|^src/' },
    includeOnly: '^server/src/',
  },
}
