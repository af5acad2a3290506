import { Image, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import type { MomentImage } from '@shared/moments'
import { navigate } from '@/router/navigation'
import { useApp } from '@/root/AppContext'
import './moments.scss'
import { pressable } from '@/platform/focus'

/** Thumbnails a profile row shows. */
const THUMBS = 4

/**
 * The 朋友圈 row of a profile card: the latest pictures of the moments the viewer may see, and
 * a link to the person's album. It reads the album's first page without touching the album list.
 */
export default function ProfileMoments({ wtId }: { wtId: string }) {
  const app = useApp()
  const [images, setImages] = useState<MomentImage[] | null>(null)

  useEffect(() => {
    let live = true
    app.moments.api
      .list({ pageNum: 1, wtId })
      .then((page) => live && setImages(page.rows.flatMap((m) => m.images).slice(0, THUMBS)))
      .catch(() => live && setImages([]))
    return () => {
      live = false
    }
  }, [wtId])

  const open = () => {
    app.store.getState().closeProfile()
    void navigate('moments', { wtId })
  }

  return (
    <View {...pressable()} className='profile__row profile-moments' data-testid='profile-moments' onClick={open}>
      <View className='profile__label'>朋友圈</View>
      <View className='profile__value profile-moments__thumbs'>
        {images?.map((img) => <Image nativeProps={{ alt: '' }} key={img.url} className='profile-moments__thumb' src={app.chat.mediaUrl(img.url)} mode='aspectFill' />)}
        {images?.length === 0 ? <View className='profile-moments__none'>查看朋友圈</View> : null}
      </View>
      <View className='profile-moments__arrow'>›</View>
    </View>
  )
}
