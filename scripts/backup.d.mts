/** Types of backup.mjs and restore.mjs, for TypeScript callers (server/test/deploy). */
export declare function backup(options?: { out?: string; keep?: number | null; env?: NodeJS.ProcessEnv }): Promise<string>
