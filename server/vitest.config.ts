import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    root: __dirname,
    include: ['test/**/*.test.ts'],
    // Password hashing is deliberately slow (scrypt at OWASP settings); a loaded machine needs headroom.
    testTimeout: 120_000,
    // Opening a fresh PGlite with every migration, or closing one with its servers, took over a
    // minute on a loaded two-core machine; a slow start or stop is not what these tests judge.
    hookTimeout: 180_000,
    // PGlite instances are heavy on two cores; a few files at a time keeps runs stable.
    maxWorkers: 2,
    minWorkers: 1,
  },
})
