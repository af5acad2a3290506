/**
 * Renders the compiled mini-program (dist/weapp) under miniprogram-simulate against a real
 * server the global setup starts. Kept apart from the client unit tests: it needs a fresh weapp
 * build and no Taro H5 shims.
 */
const path = require('node:path')

module.exports = {
  rootDir: path.resolve(__dirname, '../..'),
  roots: ['<rootDir>/test/weapp'],
  testMatch: ['**/*.test.ts'],
  testEnvironment: 'jsdom',
  transform: { '^.+\\.tsx?$': 'babel-jest', '/dist/weapp/.+\\.js$': '<rootDir>/test/weapp/wechatRequire.js' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  // jsdom resolves packages for the browser; the bridge and the test devices need the Node ws client.
  moduleNameMapper: { '^ws$': require.resolve('ws') },
  globalSetup: '<rootDir>/test/weapp/globalSetup.ts',
  globalTeardown: '<rootDir>/test/weapp/globalTeardown.ts',
  setupFiles: ['<rootDir>/test/weapp/console.ts'],
  // Generous for a busy machine: a test ends as soon as what it waits for is on screen.
  testTimeout: 60_000,
}
