/**
 * Default avatars: a few shared pictures, not one per user. Each picture is a URL of its own
 * (/api/avatar/default/p0.svg … p7.svg), so a list of 1,000 people asks the browser for at most
 * eight images, which it caches; a URL per user made it parse 1,000 SVG documents before the
 * page could run. Migration 071 moves the per-user URLs stored before onto the shared ones.
 */

export const DEFAULT_AVATAR_COUNT = 8

const SHARED_KEY = /^p([0-7])$/

/** Which picture a seed gets: the same for the same seed, spread evenly over the eight. */
export function defaultAvatarIndex(seed: string): number {
  const shared = SHARED_KEY.exec(seed)
  if (shared) return Number(shared[1])
  let h = 0
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0
  return h % DEFAULT_AVATAR_COUNT
}

/** The default avatar URL of a new user. */
export const defaultAvatar = (wtId: string) => `/api/avatar/default/p${defaultAvatarIndex(wtId)}.svg`
