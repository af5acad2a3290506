/** Types of server-process.mjs, for TypeScript callers (test/e2e). */
export interface RunningServer {
  url: string
  port: number
  pid: number
  /** Milliseconds from spawning the process until /api/site/info answered. */
  readyMs: number
  output: () => string
  stop: () => Promise<void>
}
export declare function freePort(): Promise<number>
export declare function waitForSiteInfo(
  url: string,
  options?: { timeoutMs?: number; intervalMs?: number; isAlive?: () => boolean },
): Promise<unknown>
export declare function startServer(options: {
  port?: number
  dataDir: string
  env?: Record<string, string | undefined>
  log?: (line: string) => void
  timeoutMs?: number
  /** Run dist/server (scripts/build-server.mjs) with node instead of the sources with tsx. */
  compiled?: boolean
  /** A Node script to run instead of the server; it must answer /api/site/info. */
  script?: string
}): Promise<RunningServer>
