import { Image } from '@tarojs/components'
import { vipLevelInfo } from '@/assets/vip'

interface VipBadgeProps {
  /** A level already normalised to 1..10. */
  level: number
  height?: number
  testId?: string
  className?: string
}

export default function VipBadge({ level, height = 16, testId, className }: VipBadgeProps) {
  const info = vipLevelInfo(level)
  // The level-10 artwork is wider than the others (60 against 52 units for 22 high).
  const width = Math.round(height * (info.level === 10 ? 60 : 52) / 22)
  return (
    <Image nativeProps={{ alt: '' }}
      className={`vip-badge${className ? ` ${className}` : ''}`}
      style={{ width: `${width}px`, height: `${height}px` }}
      src={info.image}
     
      data-testid={testId}
      data-level={String(info.level)}
      aria-label={`VIP${info.level} ${info.name}会员`}
    />
  )
}
