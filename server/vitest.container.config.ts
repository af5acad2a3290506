import { defineConfig } from 'vitest/config'

/**
 * `npm test`'s container step (server/test/container): the compose files and Kubernetes manifests,
 * then the image itself, built and run with podman (skipped, with a line saying so, without podman).
 */
export default defineConfig({
  test: {
    root: __dirname,
    include: ['test/container/**/*.spec.ts'],
    testTimeout: 300_000,
    // The image build (cold: the dependency install and both builds) happens in a hook.
    hookTimeout: 1_800_000,
    fileParallelism: false,
  },
})
