import { Image, Input, Textarea, Video, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import type { Tag } from '@shared/friends'
import { charCount } from '@shared/friends'
import { MOMENT_TEXT_MAX, MomentVisibility } from '@shared/moments'
import Dialog from '@/components/layout/Dialog'
import { useApp } from '@/root/AppContext'
import { needsTags, VISIBILITY_OPTIONS } from './momentRules'
import { usePublishMedia } from './usePublishMedia'
import { pressable } from '@/platform/focus'

interface Props {
  open: boolean
  onClose(): void
}

/** 发表动态: text, up to nine pictures or one video, a place and who may see it. */
export default function PublishDialog({ open, onClose }: Props) {
  const app = useApp()
  const media = usePublishMedia()
  const [text, setText] = useState('')
  const [place, setPlace] = useState('')
  const [visibility, setVisibility] = useState<MomentVisibility>(MomentVisibility.AllFriends)
  const [tags, setTags] = useState<Tag[] | null>(null)
  const [tagIds, setTagIds] = useState<number[]>([])

  useEffect(() => {
    if (open && needsTags(visibility) && tags === null) {
      app.contacts.api
        .tagList()
        .then(setTags)
        .catch(() => setTags([]))
    }
  }, [open, visibility, tags])

  const close = () => {
    media.reset()
    setText('')
    setPlace('')
    setVisibility(MomentVisibility.AllFriends)
    setTagIds([])
    onClose()
  }

  const hasContent = text.trim() !== '' || media.images.length > 0 || media.video !== null
  const tagsMissing = needsTags(visibility) && tagIds.length === 0
  const canPublish = hasContent && !media.uploading && !media.failed && !tagsMissing && charCount(text) <= MOMENT_TEXT_MAX

  const publish = async () => {
    if (!canPublish) return
    try {
      await app.moments.publish({
        content: text.trim(),
        images: media.images.map((i) => i.url),
        video: media.video?.url ?? null,
        location: place.trim() ? { title: place.trim(), detail: '', lat: null, lng: null } : null,
        visibility,
        tagIds: needsTags(visibility) ? tagIds : [],
      })
      app.toast.success('发表成功')
      close()
    } catch {
      // The api client has shown the server's message.
    }
  }

  const toggleTag = (id: number) => setTagIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]))

  return (
    <Dialog
      open={open}
      title='发表动态'
      wide
      testId='moment-publish'
      onClose={close}
      confirm={{ label: media.uploading ? '上传中…' : '发表', disabled: !canPublish, testId: 'moment-publish-submit', onConfirm: publish }}
    >
      <View className='publish'>
        <Textarea
          className='publish__text'
          data-testid='moment-publish-text'
          value={text}
          maxlength={MOMENT_TEXT_MAX}
          placeholder='这一刻的想法…'
          onInput={(e) => setText(e.detail.value)}
        />
        <View className='publish__count'>
          {charCount(text)}/{MOMENT_TEXT_MAX}
        </View>
        <View className='publish__media' data-testid='moment-publish-media'>
          {media.images.map((img, i) => (
            <View key={img.key} className='publish__tile' data-testid='moment-publish-image' data-uploaded={img.url ? 'true' : 'false'}>
              <Image nativeProps={{ alt: '' }} className='publish__thumb' src={img.preview} mode='aspectFill' />
              {!img.url && !img.failed ? <View className='publish__progress'>{Math.round(img.progress * 100)}%</View> : null}
              {img.failed ? <View className='publish__progress publish__progress--failed'>上传失败</View> : null}
              <View className='publish__tools'>
                <View {...pressable()} className={`publish__tool${i === 0 ? ' publish__tool--off' : ''}`} aria-label='前移' data-testid='moment-image-left' onClick={() => media.move(i, i - 1)}>
                  ‹
                </View>
                <View {...pressable()}
                  className={`publish__tool${i === media.images.length - 1 ? ' publish__tool--off' : ''}`}
                  aria-label='后移'
                  data-testid='moment-image-right'
                  onClick={() => media.move(i, i + 1)}
                >
                  ›
                </View>
                <View {...pressable()} className='publish__tool' aria-label='移除' data-testid='moment-image-remove' onClick={() => media.removeImage(img.key)}>
                  ×
                </View>
              </View>
            </View>
          ))}
          {media.video ? (
            <View className='publish__tile publish__tile--video' data-testid='moment-publish-video'>
              <Video className='publish__thumb' src={media.video.preview} controls={false} />
              {!media.video.url && !media.video.failed ? <View className='publish__progress'>{Math.round(media.video.progress * 100)}%</View> : null}
              {media.video.failed ? <View className='publish__progress publish__progress--failed'>上传失败</View> : null}
              <View className='publish__tools'>
                <View {...pressable()} className='publish__tool' aria-label='移除' onClick={media.removeVideo}>
                  ×
                </View>
              </View>
            </View>
          ) : null}
          {!media.video && media.images.length < 9 ? (
            <View {...pressable()} className='publish__add' data-testid='moment-add-images' onClick={media.addImages}>
              <View className='publish__plus'>+</View>
              <View className='publish__add-label'>照片</View>
            </View>
          ) : null}
          {!media.video && media.images.length === 0 ? (
            <View {...pressable()} className='publish__add' data-testid='moment-add-video' onClick={media.addVideo}>
              <View className='publish__plus'>▶</View>
              <View className='publish__add-label'>视频</View>
            </View>
          ) : null}
        </View>
        <View className='publish__row'>
          <View className='publish__label'>所在位置</View>
          <Input className='publish__input' data-testid='moment-publish-place' value={place} maxlength={100} placeholder='不显示位置' onInput={(e) => setPlace(e.detail.value)} />
        </View>
        <View className='publish__row publish__row--top'>
          <View className='publish__label'>谁可以看</View>
          <View className='publish__options'>
            {VISIBILITY_OPTIONS.map((o) => (
              <View {...pressable()}
                key={o.value}
                className={`publish__chip${visibility === o.value ? ' publish__chip--on' : ''}`}
                data-testid={`moment-visibility-${o.value}`}
                onClick={() => setVisibility(o.value)}
              >
                {o.label}
                <View className='publish__chip-hint'>{o.hint}</View>
              </View>
            ))}
          </View>
        </View>
        {needsTags(visibility) ? (
          <View className='publish__tags' data-testid='moment-publish-tags'>
            {tags === null ? <View className='publish__hint'>加载标签…</View> : null}
            {tags?.length === 0 ? <View className='publish__hint'>还没有标签，可以在通讯录的标签里创建</View> : null}
            {tags?.map((t) => (
              <View {...pressable()} key={t.id} className={`publish__tag${tagIds.includes(t.id) ? ' publish__tag--on' : ''}`} data-testid='moment-publish-tag' onClick={() => toggleTag(t.id)}>
                {t.tagName}
              </View>
            ))}
          </View>
        ) : null}
      </View>
    </Dialog>
  )
}
