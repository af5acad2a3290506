import level1 from './level-1.svg'
import level2 from './level-2.svg'
import level3 from './level-3.svg'
import level4 from './level-4.svg'
import level5 from './level-5.svg'
import level6 from './level-6.svg'
import level7 from './level-7.svg'
import level8 from './level-8.svg'
import level9 from './level-9.svg'
import level10 from './level-10.svg'

export interface VipLevelInfo {
  level: number
  name: string
  image: string
}

/** The ten membership levels and their badge images, lowest first. */
export const VIP_LEVELS: readonly VipLevelInfo[] = [
  { level: 1, name: '青铜', image: level1 },
  { level: 2, name: '白银', image: level2 },
  { level: 3, name: '黄金', image: level3 },
  { level: 4, name: '铂金', image: level4 },
  { level: 5, name: '翡翠', image: level5 },
  { level: 6, name: '蓝宝', image: level6 },
  { level: 7, name: '紫晶', image: level7 },
  { level: 8, name: '红宝', image: level8 },
  { level: 9, name: '钻石', image: level9 },
  { level: 10, name: '至尊', image: level10 },
]

/** Badge of a level already normalised to 1..10 (see utils/vip.ts). */
export function vipLevelInfo(level: number): VipLevelInfo {
  return VIP_LEVELS[Math.min(Math.max(Math.trunc(level), 1), VIP_LEVELS.length) - 1]
}
