import { Image, View } from '@tarojs/components'
import Avatar from '@/components/layout/Avatar'
import { fileOpener } from '@/platform/fileOpener'
import { useApp } from '@/root/AppContext'
import { isSystemUserID } from '@/components/conversation/conversationInfo'
import { ApplySource } from '@shared/friends'
import type { Toast } from '@/services/toast'
import type { CustomContent } from '@/domain/chat/customMessage'
import { missingCase } from '@/utils/missingCase'
import FavoriteDetailDialog from '@/components/favorites/FavoriteDetailDialog'
import { favoriteKindLabel } from '@/domain/favorites/favoriteList'
import { useState } from 'react'
import { RobotMarkdownBubble, RobotNewsBubble } from './RobotBubbles'
import { pressable } from '@/platform/focus'

const isHttp = (url: string) => /^https?:\/\//i.test(url)

/** Links in cards: only http(s) addresses are followed (spec 5: the external link check). */
async function follow(toast: Toast, link: string): Promise<void> {
  if (!isHttp(link)) return
  const result = await fileOpener.openLink(link)
  if (result === 'copied') toast.success('链接已复制，请在浏览器中打开')
  else if (result === 'failed') toast.error('无法打开链接')
}

/** A favorite sent into the chat: its title and picture; a click opens it in the note-detail dialog. */
function CollectCard({ content, picture }: { content: Extract<CustomContent, { kind: 'collect' }>; picture(url: string): string }) {
  const [open, setOpen] = useState(false)
  const d = content.detail
  const kind = favoriteKindLabel(d.contentType)
  return (
    <>
      <View {...pressable()} className='bubble bubble--card bubble--clickable' data-testid='msg-custom' data-kind='collect' onClick={() => setOpen(true)}>
        <View className='bubble-card__row'>
          {content.image ? <Image nativeProps={{ alt: '' }} className='bubble-card__image' src={picture(content.image)} mode='aspectFill' /> : null}
          <View className='bubble-card__main'>
            <View className='bubble-card__title'>{content.title || kind}</View>
            {content.note && content.note !== content.title ? <View className='bubble-card__note'>{content.note}</View> : null}
          </View>
        </View>
        <View className='bubble-card__foot'>收藏 · {kind}</View>
      </View>
      <FavoriteDetailDialog favorite={open ? { ...d, noteContent: d.noteContent || content.note, collectTitle: d.collectTitle || content.title } : null} onClose={() => setOpen(false)} />
    </>
  )
}

/** The helper's welcome card: each question is asked (and answered in the chat) on a click. */
function HelperCard({ content }: { content: Extract<CustomContent, { kind: 'helper' }> }) {
  const { favorites } = useApp()
  return (
    <View className='bubble bubble--card' data-testid='msg-custom' data-kind='helper'>
      <View className='helper-card__title'>{content.title}</View>
      <View className='helper-card__list'>
        {content.questions.map((q) => (
          <View {...pressable()} key={q.id} className='helper-card__q' data-testid='helper-question' onClick={() => void favorites.askHelper(q.id).catch(() => undefined)}>
            {q.question}
          </View>
        ))}
      </View>
      <View className='bubble-card__foot'>微谈小助手</View>
    </View>
  )
}

export default function CustomBubble({ content, own }: { content: Exclude<CustomContent, { kind: 'tip' }>; own: boolean }) {
  const { chat, store, toast } = useApp()
  /** Images in cards may be ours (/api/oss/file/…) or anywhere on the web. */
  const picture = (url: string) => (url.startsWith('/api/') ? chat.mediaUrl(url) : url)
  switch (content.kind) {
    case 'nameCard': {
      // Spec 3: a name card opens the profile, from which the person can be added (applySource 4).
      const clickable = content.userId !== '' && !isSystemUserID(content.userId)
      const open = () => {
        if (clickable) store.getState().openProfile({ wtId: content.userId, applySource: ApplySource.ShareCard })
      }
      return (
        <View {...pressable()}
          className={`bubble bubble--card${clickable ? ' bubble--clickable' : ''}`}
          data-testid='msg-custom'
          data-kind='nameCard'
          data-user-id={content.userId}
          onClick={open}
        >
          <View className='bubble-card__row'>
            <Avatar src={content.avatar ? picture(content.avatar) : ''} size={40} />
            <View className='bubble-card__main'>
              <View className='bubble-card__title'>{content.nickName || content.userId}</View>
              {content.userId ? <View className='bubble-card__sub'>ID：{content.userId}</View> : null}
            </View>
          </View>
          <View className='bubble-card__foot'>个人名片</View>
        </View>
      )
    }
    case 'order':
      return (
        <View {...pressable()} className='bubble bubble--card bubble--clickable' data-testid='msg-custom' data-kind='order' onClick={() => void follow(toast, content.link)}>
          <View className='bubble-card__row'>
            {content.imageUrl ? <Image nativeProps={{ alt: '' }} className='bubble-card__image' src={picture(content.imageUrl)} mode='aspectFill' /> : null}
            <View className='bubble-card__main'>
              <View className='bubble-card__title'>{content.title || '订单'}</View>
              {content.description ? <View className='bubble-card__sub'>{content.description}</View> : null}
              {content.price ? <View className='bubble-card__price'>{content.price}</View> : null}
            </View>
          </View>
          <View className='bubble-card__foot'>订单</View>
        </View>
      )
    case 'evaluate':
      return (
        <View className='bubble bubble--card' data-testid='msg-custom' data-kind='evaluate'>
          <View className='bubble-card__title'>服务评价</View>
          <View className='bubble-card__stars' aria-label={`${content.score} 星`}>
            {[1, 2, 3, 4, 5].map((n) => (
              <View key={n} className={`bubble-card__star${n <= content.score ? ' bubble-card__star--on' : ''}`}>
                ★
              </View>
            ))}
          </View>
          {content.comment ? <View className='bubble-card__sub'>{content.comment}</View> : null}
        </View>
      )
    case 'link':
      return (
        <View className={`bubble bubble--text${own ? ' bubble--own' : ''}`} data-testid='msg-custom' data-kind='link'>
          <View>{content.text}</View>
          {isHttp(content.link) ? (
            <View {...pressable()} className='link bubble-card__link' onClick={() => void follow(toast, content.link)}>
              查看详情
            </View>
          ) : null}
        </View>
      )
    case 'collect':
      return <CollectCard content={content} picture={picture} />
    case 'helper':
      return <HelperCard content={content} />
    case 'robotMarkdown':
      return <RobotMarkdownBubble markdown={content.markdown} onLink={(href) => void follow(toast, href)} />
    case 'robotNews':
      return <RobotNewsBubble articles={content.articles} picture={picture} onLink={(href) => void follow(toast, href)} />
    case 'unknown':
      return (
        <View className={`bubble bubble--text${own ? ' bubble--own' : ''}`} data-testid='msg-custom' data-kind='unknown'>
          {content.text}
        </View>
      )
    default:
      return missingCase(content, 'custom content')
  }
}
