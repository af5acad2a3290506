/**
 * Runs before the router reads the launch URL. `rewrite` gets the path and query string the app
 * was opened with and returns the URL to use instead, or null to keep it.
 */
export interface BootPort {
  rewriteLaunchUrl(rewrite: (path: string, search: string) => string | null): void
}

export declare const boot: BootPort
