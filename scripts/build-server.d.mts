/** Types of build-server.mjs, for TypeScript callers (server/test/deploy). */
export declare const SERVER_OUT: string
export declare const SERVER_MAIN: string
export declare const SERVER_SOURCES: readonly string[]
export declare function serverStaleReason(options?: { root?: string }): string | null
export declare function buildServer(options?: { root?: string }): Promise<void>
export declare function ensureServerBuild(options?: { root?: string; log?: (line: string) => void }): Promise<{ built: boolean; reason: string }>
