import { Image, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import type { GroupInfo } from '@shared/group'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import { fileOpener } from '@/platform/fileOpener'
import { qrImage } from '@/platform/qrImage'
import { GroupToast } from '@/services/groups'
import { PanelHeader } from './PanelParts'
import { useApp } from '@/root/AppContext'

/** Spec 9: the QR picture is 180 px, and saving starts 1 s after the click. */
export const QR_SIZE = 180
export const QR_SAVE_DELAY_MS = 1000

/** The group's QR code: scanning it opens the group card with a join button (joinType 1). */
export default function QrCodePanel({ info, onBack }: { info: GroupInfo; onBack(): void }) {
  const app = useApp()
  const { mediaUrl } = app.chat
  const { toast } = app
  const [src, setSrc] = useState('')
  const [saving, setSaving] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(() => {
    let current = true
    qrImage
      .render(info.qrcode, QR_SIZE * 2)
      .then((url) => current && setSrc(url))
      .catch((err: unknown) => console.warn('drawing the QR code failed', err))
    return () => {
      current = false
    }
  }, [info.qrcode])
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current)
  }, [])

  const save = () => {
    if (!src || saving) return
    setSaving(true)
    timer.current = setTimeout(() => {
      fileOpener
        .saveImage(src, `群二维码-${info.groupNumber}.${qrImage.extension}`)
        .then(() => toast.success(GroupToast.saveOk))
        .catch(() => toast.error(GroupToast.saveFailed))
        .finally(() => setSaving(false))
    }, QR_SAVE_DELAY_MS)
  }

  return (
    <View className='gpanel-sub' data-testid='group-qr-panel'>
      <PanelHeader title='群二维码' onBack={onBack} />
      <View className='gqr'>
        <View className='gqr__head'>
          <Avatar src={info.groupAvatar ? mediaUrl(info.groupAvatar) : ''} size={44} />
          <View className='gqr__name'>{info.groupName}</View>
        </View>
        {src ? <Image nativeProps={{ alt: '' }} className='gqr__image' style={{ width: `${QR_SIZE}px`, height: `${QR_SIZE}px` }} src={src} data-testid='group-qr-image' data-qr={info.qrcode} /> : <View className='gqr__image gqr__image--empty' style={{ width: `${QR_SIZE}px`, height: `${QR_SIZE}px` }} />}
        <View className='gqr__hint'>扫一扫上面的二维码，加入群聊</View>
        <View className='gqr__number'>群号 {info.groupNumber}</View>
        <Button variant='primary' loading={saving} testId='group-qr-save' onClick={save}>
          保存图片
        </Button>
      </View>
    </View>
  )
}
