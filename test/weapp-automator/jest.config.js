/**
 * The mini-program scenarios in WeChat DevTools through miniprogram-automator: `npm run
 * test:weapp-automator` on a machine with DevTools (see README.md, 小程序). Not part of `npm test`:
 * DevTools has no Linux build, and CI runs the miniprogram-simulate suite (test/weapp) instead.
 */
const path = require('node:path')

module.exports = {
  rootDir: path.resolve(__dirname, '../..'),
  roots: ['<rootDir>/test/weapp-automator'],
  testMatch: ['**/*.test.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': 'babel-jest' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  globalSetup: '<rootDir>/test/weapp-automator/globalSetup.ts',
  globalTeardown: '<rootDir>/test/weapp/globalTeardown.ts',
  // One DevTools window drives one mini-program at a time.
  maxWorkers: 1,
  testTimeout: 120_000,
}
