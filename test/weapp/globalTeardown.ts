import { STOP_KEY } from './globalSetup'

export default async function globalTeardown(): Promise<void> {
  const stop = (globalThis as Record<symbol, unknown>)[STOP_KEY] as (() => Promise<void>) | undefined
  await stop?.()
}
