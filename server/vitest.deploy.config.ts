import { defineConfig } from 'vitest/config'

/** `npm test`'s deploy step: nginx and compiled server processes, backups and restores (server/test/deploy). */
export default defineConfig({
  test: {
    root: __dirname,
    include: ['test/deploy/**/*.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
