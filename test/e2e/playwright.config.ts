import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs'

/**
 * End-to-end tests on the built H5 app against the real server, driven through Debian's
 * Chromium. The global setup builds dist/h5 when stale and starts a server on a free port
 * with a fresh data directory; workers read its address from E2E_BASE_URL.
 */
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    // A trace records a screencast and DOM snapshots of every test to keep those that fail: on two
    // cores that doubled the suite's CPU and time (docs/decisions/0100). Ask for one when a test fails:
    // `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // One project per suite, run in this order: the walking-skeleton flows (specs/), then the
  // messaging flows, then group management, contacts, the calls, the message operations, the security settings, favorites, moments, the operator console, the regression runs of reported faults, the installed app (service worker, Web Push) and accessibility (axe, keyboard journeys, the guard against English). Files inside a suite run in name order.
  projects: [
    { name: 'skeleton', testMatch: 'specs/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'messaging', testMatch: 'messaging/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'groups', testMatch: 'groups/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'contacts', testMatch: 'contacts/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'calls', testMatch: 'calls/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'message-ops', testMatch: 'message-ops/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'security', testMatch: 'security/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'favorites', testMatch: 'favorites/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'moments', testMatch: 'moments/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'conversation-groups', testMatch: 'conversation-groups/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'admin', testMatch: 'admin/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'regressions', testMatch: 'regressions/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'pwa', testMatch: 'pwa/**/*.spec.ts', use: { browserName: 'chromium' } },
    { name: 'a11y', testMatch: /test\/e2e\/a11y\/.*\.spec\.ts$/, use: { browserName: 'chromium' } },
  ],
})
