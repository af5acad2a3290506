import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    root: __dirname,
    include: ['test/**/*.test.ts'],
    // Password hashing is deliberately slow (scrypt at OWASP settings); a loaded machine needs headroom.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy on two cores; a few files at a time keeps runs stable.
    maxWorkers: 2,
    minWorkers: 1,
  },
})
