import { Image, Input, Text, Video, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { MomentVisibility, MOMENT_COMMENT_MAX, PraiseStatus, type Moment, type MomentComment, type MomentInteractions } from '@shared/moments'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import Dialog from '@/components/layout/Dialog'
import type { PreviewImage } from '@/components/chat/ImagePreview'
import moreIcon from '@/assets/icons/moment-more.svg'
import likeWhite from '@/assets/icons/moment-like-white.svg'
import commentWhite from '@/assets/icons/moment-comment-white.svg'
import locationIcon from '@/assets/icons/moment-location.svg'
import { navigate } from '@/router/navigation'
import { useApp, useAppStore } from '@/root/AppContext'
import ImageGrid from './ImageGrid'
import MomentInteractionsView from './MomentInteractionsView'
import { canDeleteComment, formatMomentTime, visibilityLabel } from './momentRules'
import { focusFirst, pressable } from '@/platform/focus'
import { usePopup } from '@/components/common/usePopup'
import { useEscape } from '@/components/layout/useEscape'

interface Props {
  moment: Moment
  interactions?: MomentInteractions
  onPreview(images: PreviewImage[], index: number): void
  /** The detail page has no link to itself and goes back after a delete. */
  inDetail?: boolean
  onDeleted?(): void
}

/** One moment as WeChat lays it out: avatar, name, text, media, place, time, the ·· menu, likes and comments. */
export default function MomentCard({ moment, interactions, onPreview, inDetail, onDeleted }: Props) {
  const { moments, chat, toast } = useApp()
  const me = useAppStore((s) => s.user?.wtId ?? '')
  const [menu, setMenu] = useState(false)
  const menuId = `moment-more-${moment.id}`
  // The region is the ·· button with its menu, so a press on ·· toggles instead of closing and
  // reopening; focus goes to the menu's first entry, which the region's rule would skip.
  usePopup(menu, () => setMenu(false), { id: menuId, closeOnPressOutside: true, takeFocus: false })
  useEffect(() => {
    if (!menu) return
    const timer = setTimeout(() => focusFirst(`${menuId}-items`), 0)
    return () => clearTimeout(timer)
  }, [menu, menuId])
  const [composer, setComposer] = useState<{ reply: MomentComment | null } | null>(null)
  const composerId = `moment-composer-${moment.id}`
  // Escape drops the comment being written, and focus goes back to ·· where it started.
  useEscape(composer !== null, () => {
    focusFirst(menuId)
    setComposer(null)
  })
  // 评论 from the menu: the menu hands focus back to ·· as it closes, after the field took it.
  useEffect(() => {
    if (!composer) return
    const timer = setTimeout(() => focusFirst(composerId), 0)
    return () => clearTimeout(timer)
  }, [composer, composerId])
  const [draft, setDraft] = useState('')
  const [sending, setSending] = useState(false)
  const [confirm, setConfirm] = useState<{ kind: 'moment' } | { kind: 'comment'; comment: MomentComment } | null>(null)
  const [picked, setPicked] = useState<MomentComment | null>(null)
  const liked = interactions?.minePraiseStatus === PraiseStatus.Yes
  const mine = moment.wtId === me
  const tags = interactions?.groupList.map((g) => g.tagName).join('、') ?? ''

  const openAlbum = () => navigate('moments', { wtId: moment.wtId })
  const praise = () => {
    setMenu(false)
    moments.togglePraise(moment.id).catch(() => undefined)
  }
  const startComment = (reply: MomentComment | null) => {
    setMenu(false)
    setDraft('')
    setComposer({ reply })
  }
  // Mine: delete. Someone else's on my moment: reply or delete. Otherwise: reply.
  const onCommentTap = (c: MomentComment) => {
    if (c.wtId === me) setConfirm({ kind: 'comment', comment: c })
    else if (canDeleteComment(me, c, moment.wtId)) setPicked(c)
    else startComment(c)
  }
  const send = async () => {
    const text = draft.trim()
    if (!text || sending || !composer) return
    setSending(true)
    try {
      await moments.comment(moment.id, text, composer.reply?.id ?? null)
      setComposer(null)
      setDraft('')
    } catch {
      // The api client has shown the server's message.
    } finally {
      setSending(false)
    }
  }
  const images: PreviewImage[] = moment.images.map((img, i) => ({ url: img.url, format: img.format, name: `moment-${moment.id}-${i + 1}.${img.format}` }))

  return (
    <View className='moment' data-testid='moment-card' data-moment-id={moment.id}>
      <View {...pressable(`查看${moment.nickName}的朋友圈`)} onClick={openAlbum}>
        <Avatar src={moment.avatar} size={42} className='moment__avatar' />
      </View>
      <View className='moment__main'>
        <View {...pressable()} className='moment__name' data-testid='moment-author' onClick={openAlbum}>
          {moment.nickName}
        </View>
        {moment.content ? (
          <Text className='moment__text' data-testid='moment-text'>
            {moment.content}
          </Text>
        ) : null}
        <ImageGrid images={moment.images} onOpen={(i) => onPreview(images, i)} />
        {moment.video ? <Video className='moment__video' src={chat.mediaUrl(moment.video)} controls data-testid='moment-video' /> : null}
        {moment.location ? (
          <View className='moment__place' data-testid='moment-location'>
            <Image nativeProps={{ alt: '' }} className='moment__place-icon' src={locationIcon} />
            {moment.location.title}
          </View>
        ) : null}
        <View className='moment__meta'>
          <View {...pressable()}
            className={`moment__time${inDetail ? '' : ' moment__time--link'}`}
            data-testid='moment-time'
            onClick={inDetail ? undefined : () => navigate('momentDetail', { id: String(moment.id) })}
          >
            {formatMomentTime(moment.createTime)}
          </View>
          {mine && moment.visibility !== MomentVisibility.AllFriends ? (
            <View className='moment__scope' data-testid='moment-scope'>
              {visibilityLabel(moment.visibility)}
              {tags ? `：${tags}` : ''}
            </View>
          ) : null}
          {mine ? (
            <View {...pressable()} className='moment__delete' data-testid='moment-delete' onClick={() => setConfirm({ kind: 'moment' })}>
              删除
            </View>
          ) : null}
          <View id={menuId} className='moment__more-wrap'>
            {menu ? (
              <View id={`${menuId}-items`} className='moment__menu' role='menu' data-testid='moment-menu'>
                <View {...pressable(undefined, 'menuitem')} className='moment__menu-item' data-testid='moment-like' onClick={praise}>
                  <Image nativeProps={{ alt: '' }} className='moment__menu-icon' src={likeWhite} />
                  {liked ? '取消' : '赞'}
                </View>
                <View {...pressable(undefined, 'menuitem')} className='moment__menu-item' data-testid='moment-comment-open' onClick={() => startComment(null)}>
                  <Image nativeProps={{ alt: '' }} className='moment__menu-icon' src={commentWhite} />
                  评论
                </View>
              </View>
            ) : null}
            <View
              {...pressable('赞和评论')}
              className='moment__more'
              aria-haspopup='menu'
              aria-expanded={menu ? 'true' : 'false'}
              data-testid='moment-more'
              onClick={() => setMenu((v) => !v)}
            >
              <Image nativeProps={{ alt: '' }} className='moment__more-icon' src={moreIcon} />
            </View>
          </View>
        </View>
        {interactions ? <MomentInteractionsView interactions={interactions} onComment={onCommentTap} /> : null}
        {composer ? (
          <View id={composerId} className='moment__composer' data-testid='moment-composer'>
            <Input
              className='moment__input'
              data-testid='moment-comment-input'
              value={draft}
              focus
              maxlength={MOMENT_COMMENT_MAX}
              placeholder={composer.reply ? `回复${composer.reply.nickName}` : '评论'}
              onInput={(e) => setDraft(e.detail.value)}
              onConfirm={send}
            />
            <View {...pressable()} className={`moment__send${draft.trim() ? '' : ' moment__send--off'}`} data-testid='moment-comment-send' onClick={send}>
              发送
            </View>
            <View {...pressable()} className='moment__cancel' onClick={() => setComposer(null)}>
              取消
            </View>
          </View>
        ) : null}
      </View>
      <Dialog open={picked !== null} title='评论' closeOnMask testId='moment-comment-actions' onClose={() => setPicked(null)}>
        <View className='moment-actions'>
          <View className='moment-actions__quote'>{picked ? `${picked.nickName}: ${picked.content}` : ''}</View>
          <Button block testId='moment-comment-reply' onClick={() => (startComment(picked), setPicked(null))}>
            回复
          </Button>
          <Button block variant='danger' testId='moment-comment-delete' onClick={() => (setConfirm(picked ? { kind: 'comment', comment: picked } : null), setPicked(null))}>
            删除
          </Button>
        </View>
      </Dialog>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'moment' ? '删除动态' : '删除评论'}
        danger
        confirmText='删除'
        testId='moment-confirm'
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          if (!confirm) return
          try {
            if (confirm.kind === 'moment') {
              await moments.removeMoment(moment.id)
              toast.success('删除成功')
              onDeleted?.()
            } else {
              await moments.removeComment(moment.id, confirm.comment.id)
            }
          } catch {
            // The api client has shown the server's message.
          }
          setConfirm(null)
        }}
      >
        {confirm?.kind === 'moment' ? '确定删除这条动态吗？点赞和评论会一起删除。' : '确定删除这条评论吗？'}
      </ConfirmDialog>
    </View>
  )
}
