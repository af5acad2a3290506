/**
 * Pictures of the compiled mini-program's main screens (test/weapp/snapshots.ts), with the
 * weapp suite's servers: `npm run shots:weapp` after `npm run build:weapp`.
 */
const base = require('./jest.config.js')

module.exports = { ...base, testMatch: ['**/test/weapp/snapshots.ts'], testTimeout: 120_000 }
