import { Image, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import AppShell from '@/components/layout/AppShell'
import EmptyState from '@/components/layout/EmptyState'
import ImagePreview, { type PreviewImage } from '@/components/chat/ImagePreview'
import MomentCard from '@/components/moments/MomentCard'
import backIcon from '@/assets/icons/back.svg'
import emptyMoments from '@/assets/empty-moments.svg'
import { currentQuery, relaunch } from '@/router/navigation'
import { useApp, useAppStore } from '@/root/AppContext'
import '@/components/moments/moments.scss'
import './index.scss'
import { pressable } from '@/platform/focus'

/** /moments/{id}: one moment with all its likes and comments the caller may see. */
export default function MomentDetailPage() {
  const app = useApp()
  const [id] = useState(() => Number(currentQuery().id))
  const signedIn = useAppStore((s) => s.user !== null)
  const moment = useAppStore((s) => s.momentById[id])
  const interactions = useAppStore((s) => s.momentInteractions[id])
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>('loading')
  const [preview, setPreview] = useState<{ images: PreviewImage[]; index: number } | null>(null)

  useEffect(() => {
    if (!signedIn) return
    if (!Number.isInteger(id) || id <= 0) {
      setState('missing')
      return
    }
    app.moments
      .loadDetail(id)
      .then(() => setState('ready'))
      .catch(() => setState('missing'))
  }, [signedIn, id])

  return (
    <AppShell route='momentDetail' subpage>
      <View className='pane-detail'>
        <View className='pane-detail__head moment-detail__head'>
          <View {...pressable('返回')} className='moment-detail__back' data-testid='moment-detail-back' onClick={() => relaunch('moments')}>
            <Image nativeProps={{ alt: '' }} className='icon' src={backIcon} />
          </View>
          动态详情
        </View>
        <View className='pane-detail__body'>
          {state === 'ready' && moment ? (
            <View className='moment-detail' data-testid='moment-detail'>
              <MomentCard moment={moment} interactions={interactions} inDetail onPreview={(images, index) => setPreview({ images, index })} onDeleted={() => relaunch('moments')} />
            </View>
          ) : null}
          {state === 'missing' || (state === 'ready' && !moment) ? (
            <View className='pane-detail__center'>
              <EmptyState testId='moment-detail-empty' image={emptyMoments} title='该动态不存在或已被删除' hint='返回朋友圈查看好友的最新动态。' />
            </View>
          ) : null}
        </View>
      </View>
      {preview ? (
        <ImagePreview images={preview.images} index={preview.index} onIndex={(index) => setPreview({ ...preview, index })} onClose={() => setPreview(null)} />
      ) : null}
    </AppShell>
  )
}
