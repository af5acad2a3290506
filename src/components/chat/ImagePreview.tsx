import { Image, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { fileOpener } from '@/platform/fileOpener'
import type { UiMessage } from '@/stores/slices/messages'
import { chatIcons } from './chatIcons'
import {
  downloadProblem,
  INITIAL_TRANSFORM,
  rotate,
  zoomByPinch,
  zoomByWheel,
  zoomIn,
  zoomOut,
  type PreviewTransform,
} from './previewZoom'
import { useApp } from '@/root/AppContext'
import { useEscape } from '@/components/layout/useEscape'
import { pressable } from '@/platform/focus'
import './ImagePreview.scss'

/** A picture that is not a message (a moment's): its URL as the server gave it and its format. */
export interface PreviewImage {
  url: string
  format: string
  name: string
}

interface Props {
  /** The conversation's images, oldest first, or a moment's pictures in order. */
  images: ReadonlyArray<UiMessage | PreviewImage>
  /** Index of the image to show. */
  index: number
  onIndex(index: number): void
  onClose(): void
}

/** Spec 9: a horizontal swipe of 100 px moves to the neighbouring image. */
const SWIPE_PX = 100

interface TouchPoint {
  clientX: number
  clientY: number
}
interface TouchLike {
  touches: ArrayLike<TouchPoint>
  changedTouches?: ArrayLike<TouchPoint>
}

function distance(a: TouchPoint, b: TouchPoint): number {
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY)
}

/** The picture's box on screen: its natural size scaled down into 90 % × 80 % of the window. */
function stageBox(natural: { width: number; height: number } | null): { width: number; height: number } {
  let win = { windowWidth: 1024, windowHeight: 768 }
  try {
    win = Taro.getWindowInfo()
  } catch {
    // keep the default
  }
  const maxW = win.windowWidth * 0.9
  const maxH = win.windowHeight * 0.8
  if (!natural || !(natural.width > 0) || !(natural.height > 0)) return { width: Math.round(maxW), height: Math.round(maxH) }
  const k = Math.min(1, maxW / natural.width, maxH / natural.height)
  return { width: Math.round(natural.width * k), height: Math.round(natural.height * k) }
}

const isMessage = (m: UiMessage | PreviewImage): m is UiMessage => 'payload' in m

function imageSource(m: UiMessage | PreviewImage, mediaUrl: (url: string) => string): { url: string; format: string } {
  if (!isMessage(m)) return { url: mediaUrl(m.url), format: m.format }
  const url = typeof m.payload.url === 'string' && m.payload.url ? mediaUrl(m.payload.url) : m.localUrl ?? ''
  return { url, format: typeof m.payload.format === 'string' ? m.payload.format : '' }
}

function fileNameOf(m: UiMessage | PreviewImage, format: string): string {
  if (!isMessage(m)) return m.name
  const ext = format ? `.${format.toLowerCase() === 'jpeg' ? 'jpg' : format.toLowerCase()}` : ''
  return `image-${m.sequence || m.clientMsgId}${ext}`
}

export default function ImagePreview({ images, index, onIndex, onClose }: Props) {
  const { chat, toast } = useApp()
  const [t, setT] = useState<PreviewTransform>(INITIAL_TRANSFORM)
  const [natural, setNatural] = useState<{ url: string; width: number; height: number } | null>(null)
  const pinch = useRef<{ distance: number; scale: number } | null>(null)
  const swipeStart = useRef<TouchPoint | null>(null)
  const current = images[index]
  const total = images.length

  // Spec 4: zoom and rotation reset when moving to another image.
  useEffect(() => setT(INITIAL_TRANSFORM), [index])
  useEscape(true, onClose)

  if (!current) return null
  const { url, format } = imageSource(current, chat.messageMediaUrl)
  const box = stageBox(natural && natural.url === url ? natural : null)
  const go = (next: number) => {
    if (next >= 0 && next < total) onIndex(next)
  }

  const save = () => {
    const problem = downloadProblem(url, format)
    if (problem) {
      toast.error(problem)
      return
    }
    fileOpener
      .saveImage(url, fileNameOf(current, format || url.split('.').pop() || ''))
      .then(() => toast.success('图片已保存'))
      .catch((err: Error) => toast.error(err.message || '下载失败'))
  }

  const onTouchStart = (e: TouchLike) => {
    if (e.touches.length === 2) {
      pinch.current = { distance: distance(e.touches[0]!, e.touches[1]!), scale: t.scale }
      swipeStart.current = null
    } else if (e.touches.length === 1) {
      swipeStart.current = { clientX: e.touches[0]!.clientX, clientY: e.touches[0]!.clientY }
    }
  }
  const onTouchMove = (e: TouchLike) => {
    const start = pinch.current
    if (start && e.touches.length === 2 && start.distance > 0) {
      setT((prev) => zoomByPinch(prev, start.scale, distance(e.touches[0]!, e.touches[1]!) / start.distance))
    }
  }
  const onTouchEnd = (e: TouchLike) => {
    if (pinch.current && e.touches.length < 2) pinch.current = null
    const start = swipeStart.current
    const end = e.changedTouches?.[0]
    swipeStart.current = null
    // A zoomed-in picture is being looked at, not swiped away.
    if (!start || !end || t.scale > 1) return
    const dx = end.clientX - start.clientX
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(end.clientY - start.clientY)) go(dx < 0 ? index + 1 : index - 1)
  }

  // Wheel and touch events are not in the shared component typings of every platform.
  const stageEvents = {
    onWheel: (e: { deltaY: number; preventDefault(): void }) => {
      e.preventDefault()
      setT((prev) => zoomByWheel(prev, e.deltaY))
    },
    onTouchStart,
    onTouchMove,
    onTouchEnd,
  } as Record<string, unknown>

  return (
    <View className='preview' data-testid='preview' role='dialog' aria-label='图片预览'>
      <View {...pressable()} className='preview__stage' onClick={onClose} {...stageEvents}>
        <Image nativeProps={{ alt: '' }}
          className='preview__img'
          data-testid='preview-image'
          data-scale={String(t.scale)}
          data-rotate={String(t.rotate)}
          src={url}
          mode='aspectFit'
          style={{ width: `${box.width}px`, height: `${box.height}px`, transform: `scale(${t.scale}) rotate(${t.rotate}deg)` }}
          onLoad={(e) => setNatural({ url, width: Number(e.detail.width), height: Number(e.detail.height) })}
          onClick={(e) => e.stopPropagation()}
        />
      </View>
      <View {...pressable()} className='preview__close' data-testid='preview-close' aria-label='关闭' onClick={onClose}>
        <Image nativeProps={{ alt: '' }} className='preview__icon' src={chatIcons.closeWhite} />
      </View>
      {index > 0 ? (
        <View {...pressable()} className='preview__nav preview__nav--prev' data-testid='preview-prev' aria-label='上一张' onClick={() => go(index - 1)}>
          <Image nativeProps={{ alt: '' }} className='preview__icon' src={chatIcons.prev} />
        </View>
      ) : null}
      {index < total - 1 ? (
        <View {...pressable()} className='preview__nav preview__nav--next' data-testid='preview-next' aria-label='下一张' onClick={() => go(index + 1)}>
          <Image nativeProps={{ alt: '' }} className='preview__icon' src={chatIcons.next} />
        </View>
      ) : null}
      <View className='preview__bar'>
        <View {...pressable()} className='preview__btn' data-testid='preview-zoom-out' aria-label='缩小' onClick={() => setT(zoomOut)}>
          <Image nativeProps={{ alt: '' }} className='preview__icon' src={chatIcons.zoomOut} />
        </View>
        <View {...pressable()} className='preview__btn' data-testid='preview-zoom-in' aria-label='放大' onClick={() => setT(zoomIn)}>
          <Image nativeProps={{ alt: '' }} className='preview__icon' src={chatIcons.zoomIn} />
        </View>
        <View {...pressable()} className='preview__btn' data-testid='preview-rotate' aria-label='旋转' onClick={() => setT(rotate)}>
          <Image nativeProps={{ alt: '' }} className='preview__icon' src={chatIcons.rotate} />
        </View>
        <View {...pressable()} className='preview__btn' data-testid='preview-save' aria-label='保存' onClick={save}>
          <Image nativeProps={{ alt: '' }} className='preview__icon' src={chatIcons.download} />
        </View>
        <View className='preview__counter' data-testid='preview-counter'>
          {index + 1} / {total}
        </View>
      </View>
    </View>
  )
}
