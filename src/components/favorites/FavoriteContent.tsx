import { Image, Text, Video, View } from '@tarojs/components'
import { useState } from 'react'
import { CollectContentType } from '@shared/messageOps'
import { chatIcons } from '@/components/chat/chatIcons'
import { formatCoordinates, staticMapUrl } from '@/components/chat/staticMap'
import { fileOpener } from '@/platform/fileOpener'
import { useApp } from '@/root/AppContext'
import type { CollectDetail } from '@/domain/favorites/collectMessage'
import { formatFileSize } from '@/utils/size'
import { parseRichText } from '@/utils/emoji'
import { pressable } from '@/platform/focus'

/** The fields a card needs: a favorite from the list, or the detail of a collect message. */
export type FavoriteBody = Pick<
  CollectDetail,
  'contentType' | 'collectTitle' | 'noteContent' | 'imageUrl' | 'videoUrl' | 'videoImage' | 'fileUrl' | 'fileName' | 'fileSize' | 'addressTitle' | 'lat' | 'lng'
>

interface Props {
  f: FavoriteBody
  /** Lists show a compact card; the detail dialog plays the video and shows the image at full width. */
  full?: boolean
  onPreview?: (url: string) => void
}

function LinkedText({ text }: { text: string }) {
  const { toast } = useApp()
  const open = (url: string) =>
    void fileOpener.openLink(url).then((r) => {
      if (r === 'copied') toast.success('链接已复制，请在浏览器中打开')
    })
  return (
    <View className='fav-content__text'>
      {parseRichText(text).map((seg, i) =>
        seg.kind === 'link' ? (
          <Text {...pressable()}
            key={i}
            className='link fav-content__link'
            onClick={(e) => {
              e.stopPropagation()
              open(seg.url)
            }}
          >
            {seg.url}
          </Text>
        ) : seg.kind === 'emoji' ? (
          <Image nativeProps={{ alt: '' }} key={i} className='fav-content__emoji' src={seg.url} />
        ) : (
          <Text key={i}>{seg.text}</Text>
        ),
      )}
    </View>
  )
}

/** One favorite's content by its type (spec 2 "Favorites list"): text, link, image, video, file, location or note. */
export default function FavoriteContent({ f, full, onPreview }: Props) {
  const { chat, toast } = useApp()
  const [mapFailed, setMapFailed] = useState(false)
  switch (f.contentType) {
    case CollectContentType.Text:
    case CollectContentType.Link:
      return (
        <View className={`fav-content fav-content--text${full ? '' : ' fav-content--clamp'}`} data-testid='fav-content' data-type={f.contentType}>
          <LinkedText text={f.collectTitle} />
        </View>
      )
    case CollectContentType.Image: {
      const src = chat.mediaUrl(f.imageUrl)
      return (
        <View className='fav-content fav-content--image' data-testid='fav-content' data-type={f.contentType}>
          <Image nativeProps={{ alt: '' }}
            className={full ? 'fav-content__image-full' : 'fav-content__thumb'}
            src={src}
            mode={full ? 'widthFix' : 'aspectFill'}
            data-testid='fav-image'
            onClick={(e) => {
              e.stopPropagation()
              onPreview?.(src)
            }}
          />
        </View>
      )
    }
    case CollectContentType.Video: {
      const poster = f.videoImage ? chat.mediaUrl(f.videoImage) : ''
      return (
        <View className='fav-content fav-content--video' data-testid='fav-content' data-type={f.contentType}>
          {full ? (
            <Video className='fav-content__video' src={chat.mediaUrl(f.videoUrl)} poster={poster} controls objectFit='contain' data-testid='fav-video' />
          ) : (
            <View {...pressable()}
              className='fav-content__poster'
              data-testid='fav-video-poster'
              onClick={(e) => {
                e.stopPropagation()
                onPreview?.(f.videoUrl)
              }}
            >
              {poster ? <Image nativeProps={{ alt: '' }} className='fav-content__thumb' src={poster} mode='aspectFill' /> : <View className='fav-content__thumb fav-content__thumb--blank' />}
              <View className='fav-content__play'>▶</View>
            </View>
          )}
        </View>
      )
    }
    case CollectContentType.File:
      return (
        <View {...pressable()}
          className='fav-content fav-content--file'
          data-testid='fav-content'
          data-type={f.contentType}
          onClick={(e) => {
            e.stopPropagation()
            if (f.fileUrl) fileOpener.download(chat.mediaUrl(`${f.fileUrl}?download=1`), f.fileName).catch((err: Error) => toast.error(err.message || '下载失败'))
          }}
        >
          <Image nativeProps={{ alt: '' }} className='fav-content__file-icon' src={chatIcons.fileType} />
          <View className='fav-content__file-text'>
            <View className='fav-content__file-name' data-testid='fav-file-name'>
              {f.fileName}
            </View>
            <View className='fav-content__file-size'>{formatFileSize(f.fileSize)} · 点击下载</View>
          </View>
        </View>
      )
    case CollectContentType.Location: {
      const has = f.lat !== null && f.lng !== null
      const map = has && !mapFailed ? staticMapUrl(f.lat!, f.lng!) : null
      return (
        <View className='fav-content fav-content--location' data-testid='fav-content' data-type={f.contentType}>
          <View className='fav-content__place-title'>{f.addressTitle || f.collectTitle || '位置'}</View>
          {map ? (
            <Image nativeProps={{ alt: '' }} className='fav-content__map' src={map} mode='aspectFill' onError={() => setMapFailed(true)} />
          ) : (
            <View className='fav-content__place-card'>
              <Image nativeProps={{ alt: '' }} className='fav-content__pin' src={chatIcons.pin} />
              <View className='fav-content__coords'>{has ? formatCoordinates(f.lat!, f.lng!) : ''}</View>
            </View>
          )}
        </View>
      )
    }
    default:
      return (
        <View className={`fav-content fav-content--note${full ? '' : ' fav-content--clamp'}`} data-testid='fav-content' data-type={f.contentType}>
          {full ? <View className='fav-content__note-label'>笔记</View> : null}
          <LinkedText text={f.noteContent || f.collectTitle} />
        </View>
      )
  }
}
