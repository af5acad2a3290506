import type { LinkStats } from '@/platform/media'

/**
 * Network quality of a link on the 0-6 scale of the calling widget: 0 unknown, 1 excellent,
 * 2 good, 3 poor, 4 bad, 5 very bad, 6 down. The poor-network tip shows from 4.
 */
export function networkQuality(s: Pick<LinkStats, 'rttMs' | 'packetsLost' | 'packetsReceived'> | null): number {
  if (!s) return 6
  const total = s.packetsLost + s.packetsReceived
  if (total === 0 && s.rttMs === 0) return 0
  const loss = total > 0 ? (s.packetsLost / total) * 100 : 0
  if (loss > 20 || s.rttMs > 800) return 5
  if (loss > 10 || s.rttMs > 400) return 4
  if (loss > 5 || s.rttMs > 200) return 3
  if (loss > 1 || s.rttMs > 100) return 2
  return 1
}

/** A 0..1 audio level as the widget's 0..100 volume. */
export const volumeOf = (level: number) => Math.max(0, Math.min(100, Math.round(level * 100)))
