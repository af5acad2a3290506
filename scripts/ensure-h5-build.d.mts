/** Types of ensure-h5-build.mjs, for TypeScript callers (server/src/start.ts, test/e2e). */
export declare const projectRoot: string
export declare const H5_SOURCES: readonly string[]
export declare function newestMtime(paths: readonly string[], root?: string): number
export declare function h5StaleReason(options?: { root?: string; outDir?: string }): string | null
export declare function taroBuild(
  type: 'h5' | 'weapp',
  options?: { root?: string; env?: Record<string, string>; quiet?: boolean },
): Promise<void>
export declare function ensureH5Build(options?: {
  root?: string
  quiet?: boolean
  log?: (line: string) => void
}): Promise<{ built: boolean; reason: string }>
export declare function precompress(dir?: string): number
