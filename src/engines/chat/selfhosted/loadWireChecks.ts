import type { WireChecks } from './frames'

/**
 * The frame and message checks with the zod schemas they need (types/frames.ts and what it
 * includes): the H5 build fetches them on the first login, so the login page loads no schema
 * library; the mini-program bundles them.
 */
export declare function loadWireChecks(): Promise<WireChecks>
