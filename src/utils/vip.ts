import { VIP_LEVEL_MAX, VIP_LEVEL_MIN } from '@shared/plain/admin'

/**
 * The VIP badge level to show: none for non-members (vipType 0), the level when it is 1..10,
 * and level 1 for anything out of range (spec 2 "Logged-in layout").
 */
export function vipBadgeLevel(vipType: number, vipLevel: number): number | null {
  if (vipType === 0) return null
  return Number.isInteger(vipLevel) && vipLevel >= VIP_LEVEL_MIN && vipLevel <= VIP_LEVEL_MAX ? vipLevel : VIP_LEVEL_MIN
}
