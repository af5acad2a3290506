import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { MsgType, type ConvType } from '@shared/chat'
import type { MergedItem } from '@shared/messageOps'
import Avatar from '@/components/layout/Avatar'
import type { UiMessage } from '@/stores/slices/messages'
import { formatMessageTime } from '@/utils/time'
import MergerBubble from '../bubbles/MergerBubble'
import { parseCustomContent } from '@/domain/chat/customMessage'
import MessageBubble from '../MessageBubble'
import { useApp } from '@/root/AppContext'
import { useEscape } from '@/components/layout/useEscape'
import { pressable } from '@/platform/focus'

export const MERGED_LOAD_FAILED_TEXT = '聊天记录加载失败'

interface Record {
  title: string
  items: MergedItem[] | null
}

/** A merged record's payload as the viewer reads it; items null when its message list cannot be read. */
export function readRecord(payload: Partial<{ title: unknown; messageList: unknown }>): Record {
  const title = typeof payload.title === 'string' && payload.title ? payload.title : '聊天记录'
  const list = payload.messageList
  if (!Array.isArray(list) || list.length === 0) return { title, items: null }
  const items = list.filter(
    (x): x is MergedItem => typeof x === 'object' && x !== null && typeof (x as MergedItem).type === 'string' && typeof (x as MergedItem).payload === 'object',
  )
  return { title, items: items.length ? items : null }
}

function asMessage(item: MergedItem, i: number): UiMessage {
  return {
    ID: item.ID || `merged-${i}`,
    clientMsgId: '',
    type: item.type as UiMessage['type'],
    payload: item.payload ?? {},
    conversationID: '',
    conversationType: 'C2C' as ConvType,
    from: item.from,
    nick: item.nick,
    nameCard: '',
    avatar: item.avatar,
    time: item.time,
    sequence: 0,
    cloudCustomData: '',
    atUserList: [],
    needReadReceipt: false,
    isRevoked: false,
    revoker: '',
    hasRiskContent: false,
    readReceiptInfo: { readCount: 0, unreadCount: 0 },
    status: 'success',
    progress: 1,
  }
}

interface Props {
  /** The payload of the merged message opened from the chat; null when closed. */
  payload: { [key: string]: unknown } | null
  onClose(): void
}

/** The merged chat-record viewer (spec 2): back through nested records, close, Escape. */
export default function MergedViewer({ payload, onClose }: Props) {
  const { mediaUrl } = useApp().chat
  const [stack, setStack] = useState<Array<{ [key: string]: unknown }>>([])
  useEffect(() => setStack(payload ? [payload] : []), [payload])
  useEscape(Boolean(payload), onClose)
  const top = stack[stack.length - 1]
  if (!payload || !top) return null
  const record = readRecord(top)
  const back = () => setStack((s) => s.slice(0, -1))
  return (
    <View className='merged-mask' onClick={onClose}>
      <View className='merged' role='dialog' aria-label={record.title} data-testid='merged-viewer' onClick={(e) => e.stopPropagation()}>
        <View className='merged__head'>
          {stack.length > 1 ? (
            <View {...pressable()} className='merged__back link' data-testid='merged-back' onClick={back}>
              返回
            </View>
          ) : (
            <View className='merged__back' />
          )}
          <View className='merged__title' data-testid='merged-title'>
            {record.title}
          </View>
          <View {...pressable()} className='merged__close link' data-testid='merged-close' onClick={onClose}>
            关闭
          </View>
        </View>
        <View className='merged__body'>
          {record.items === null ? (
            <View className='merged__state' data-testid='merged-failed'>
              {MERGED_LOAD_FAILED_TEXT}
            </View>
          ) : (
            record.items.map((item, i) => {
              const m = asMessage(item, i)
              const custom = m.type === MsgType.Custom ? parseCustomContent(m.payload) : null
              return (
                <View key={`${m.ID}-${i}`} className='merged__item' data-testid='merged-item'>
                  <Avatar src={m.avatar.startsWith('/api/') ? mediaUrl(m.avatar) : m.avatar} size={32} />
                  <View className='merged__main'>
                    <View className='merged__meta'>
                      <View className='merged__nick'>{m.nick || m.from}</View>
                      <View className='merged__time'>{formatMessageTime(m.time)}</View>
                    </View>
                    {m.type === MsgType.Merger ? (
                      <View {...pressable()} data-testid='merged-nested' onClick={() => setStack((s) => [...s, m.payload])}>
                        <MergerBubble payload={m.payload} />
                      </View>
                    ) : (
                      <MessageBubble message={m} own={false} custom={custom?.kind === 'tip' ? null : custom} />
                    )}
                  </View>
                </View>
              )
            })
          )}
        </View>
      </View>
    </View>
  )
}
