/** Types of restore.mjs, for TypeScript callers (server/test/deploy). */
export declare function restore(
  source: string,
  options?: { clean?: boolean; env?: NodeJS.ProcessEnv },
): Promise<{ messages: number; uploads: number; files: number }>
