import { Image, View } from '@tarojs/components'
import avatarDefault from '@/assets/avatar-default.svg'
import Avatar from './Avatar'

interface GroupAvatarProps {
  /** The uploaded group avatar, loadable; '' for none. */
  src: string
  /** Loadable avatars of up to 9 members, for a group without one. */
  members?: readonly string[]
  size?: number
  testId?: string
}

/** Columns of the mosaic for a number of members: one picture, then 2×2, then 3×3 (as WeChat draws it). */
export function mosaicColumns(count: number): number {
  if (count <= 1) return 1
  return count <= 4 ? 2 : 3
}

/**
 * A group's avatar: the uploaded picture, or the WeChat-style mosaic of up to nine members'
 * avatars in a rounded square.
 */
export default function GroupAvatar({ src, members = [], size = 40, testId }: GroupAvatarProps) {
  const shown = members.slice(0, 9)
  if (src || shown.length === 0) return <Avatar src={src} size={size} testId={testId} />
  const columns = mosaicColumns(shown.length)
  const gap = Math.max(1, Math.round(size / 40))
  const cell = Math.floor((size - gap * (columns + 1)) / columns)
  return (
    <View
      className='avatar group-mosaic'
      style={{ width: `${size}px`, height: `${size}px`, padding: `${gap}px`, gap: `${gap}px`, gridTemplateColumns: `repeat(${columns}, ${cell}px)` }}
      data-testid={testId}
      data-mosaic={shown.length}
    >
      {shown.map((url, i) => (
        <Image nativeProps={{ alt: '' }} key={i} className='group-mosaic__cell' style={{ width: `${cell}px`, height: `${cell}px` }} src={url || avatarDefault} mode='aspectFill' lazyLoad />
      ))}
    </View>
  )
}
