import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    root: __dirname,
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy on two cores; a few files at a time keeps runs stable.
    maxWorkers: 2,
    minWorkers: 1,
  },
})
