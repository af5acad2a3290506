/**
 * Renders the compiled mini-program (dist/weapp) under miniprogram-simulate. Kept apart from
 * the client unit tests: it needs a fresh weapp build and no Taro H5 shims.
 */
const path = require('node:path')

module.exports = {
  rootDir: path.resolve(__dirname, '../..'),
  roots: ['<rootDir>/test/weapp'],
  testMatch: ['**/*.test.ts'],
  testEnvironment: 'jsdom',
  transform: { '^.+\\.tsx?$': 'babel-jest' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testTimeout: 30000,
}
