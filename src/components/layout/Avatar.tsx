import { Image } from '@tarojs/components'
import { useEffect, useState } from 'react'
import avatarDefault from '@/assets/avatar-default.svg'
import { useOptionalApp } from '@/root/AppContext'

/** A broken avatar URL is retried this many times before the default picture is shown. */
const MAX_RETRIES = 3

interface AvatarProps {
  src?: string | null
  size?: number
  /** Rounded square (WeChat style) unless round is set. */
  round?: boolean
  className?: string
  testId?: string
  /** Whose picture it is: read out as "<name>的头像". Without it the picture is decorative. */
  name?: string
}

export default function Avatar({ src: given, size = 40, round, className, testId, name }: AvatarProps) {
  const app = useOptionalApp()
  // A picture a user uploaded as their avatar is one of this server's files, which need the session to load.
  const src = given && app ? app.chat.mediaUrl(given) : given
  const [attempt, setAttempt] = useState(0)
  useEffect(() => setAttempt(0), [src])
  const failed = !src || attempt > MAX_RETRIES
  return (
    <Image nativeProps={{ alt: name ? `${name}的头像` : '' }}
      // A new key mounts a fresh image element, which makes the browser request the URL again.
      key={`${src ?? ''}#${attempt}`}
      className={`avatar${round ? ' avatar--round' : ''}${className ? ` ${className}` : ''}`}
      style={{ width: `${size}px`, height: `${size}px` }}
      src={failed ? avatarDefault : src}
      mode='aspectFill'
      // Off-screen avatars wait until they scroll into view: a long list asks for a screenful.
      lazyLoad
      data-testid={testId}
      data-fallback={failed ? 'true' : undefined}
      onError={() => {
        if (!failed) setAttempt((n) => n + 1)
      }}
    />
  )
}
