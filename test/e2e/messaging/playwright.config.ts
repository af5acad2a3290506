import { defineConfig } from '@playwright/test'
import base from '../playwright.config'

/**
 * The messaging tests with the shared end-to-end settings (same browser, server and global
 * setup); only the test folder and the output folder differ. Paths here are relative to this file.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  globalSetup: '../support/global-setup.ts',
  outputDir: '../../../test-results/e2e-messaging',
})
