import { Input, Text, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import type { Message } from '@shared/chat'
import { SEARCH_KEYWORD_MAX, SEARCH_PAGE_SIZE, type SearchFilter } from '@shared/messageOps'
import { resultSummary, SEARCH_FILTERS, splitOnKeyword } from '@/services/messageOps/searchFilters'
import { useApp } from '@/root/AppContext'
import { formatMessageTime } from '@/utils/time'
import { useChatScreen } from '../chatContext'
import './ops.scss'
import { useEscape } from '@/components/layout/useEscape'
import { pressable } from '@/platform/focus'

/** Spec 9: search debounce. */
const SEARCH_DEBOUNCE_MS = 500

interface Props {
  conversationID: string
  open: boolean
  onClose(): void
}

/**
 * Message search of one conversation: type filters, keyword, paging; a result jumps into the chat.
 * It stays mounted while the chat is open and is hidden when closed: Taro's H5 views left the
 * panel's nodes behind when it was unmounted, and a reopened search keeps its filter and keyword.
 */
export default function MessageSearch({ conversationID, open: shown, onClose }: Props) {
  useEscape(shown, onClose)
  const { chatEngine } = useApp()
  const [filter, setFilter] = useState<SearchFilter>('all')
  const [keyword, setKeyword] = useState('')
  const [query, setQuery] = useState('')
  const [results, setResults] = useState<Message[]>([])
  const [state, setState] = useState<'loading' | 'idle' | 'error'>('loading')
  const [complete, setComplete] = useState(true)
  const run = useRef(0)
  const screen = useChatScreen()

  useEffect(() => {
    const t = setTimeout(() => setQuery(keyword), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(t)
  }, [keyword])

  const load = async (before?: number) => {
    const id = ++run.current
    setState('loading')
    try {
      const page = await chatEngine.searchMessages({ conversationID, filter, keyword: query, count: SEARCH_PAGE_SIZE, ...(before ? { beforeSequence: before } : {}) })
      if (id !== run.current) return
      setResults((prev) => (before ? [...prev, ...page.messages] : page.messages))
      setComplete(page.isCompleted)
      setState('idle')
    } catch {
      if (id === run.current) setState('error')
    }
  }

  useEffect(() => {
    if (!shown) return
    setResults([])
    void load()
  }, [conversationID, filter, query, shown])

  const open = (m: Message) => {
    onClose()
    void screen.jumpToMessage(m.ID)
  }

  return (
    <View className={`msg-search${shown ? '' : ' msg-search--closed'}`} data-testid='msg-search' data-open={shown ? 'true' : 'false'}>
      <View className='msg-search__head'>
        <Input
          className='msg-search__input'
          data-testid='msg-search-input'
          value={keyword}
          maxlength={SEARCH_KEYWORD_MAX}
          placeholder='搜索聊天记录'
          onInput={(e) => setKeyword(e.detail.value)}
        />
        <View {...pressable()} className='msg-search__close link' data-testid='msg-search-close' onClick={onClose}>
          取消
        </View>
      </View>
      <View className='msg-search__tabs'>
        {SEARCH_FILTERS.map((f) => (
          <View {...pressable()}
            key={f.key}
            className={`msg-search__tab${f.key === filter ? ' msg-search__tab--active' : ''}`}
            data-testid={`msg-search-filter-${f.key}`}
            onClick={() => setFilter(f.key)}
          >
            {f.label}
          </View>
        ))}
      </View>
      <View className='msg-search__list'>
        {results.map((m) => {
          const summary = resultSummary(m)
          const parts = splitOnKeyword(summary, query)
          return (
            <View {...pressable()} key={m.ID} className='msg-search__item' data-testid='msg-search-result' data-seq={String(m.sequence)} onClick={() => open(m)}>
              <View className='msg-search__meta'>
                <View className='msg-search__nick'>{m.nameCard || m.nick || m.from}</View>
                <View className='msg-search__time'>{formatMessageTime(m.time)}</View>
              </View>
              <View className='msg-search__text'>
                {parts ? (
                  <>
                    <Text>{parts[0]}</Text>
                    <Text className='msg-search__hit'>{parts[1]}</Text>
                    <Text>{parts[2]}</Text>
                  </>
                ) : (
                  <Text>{summary}</Text>
                )}
              </View>
            </View>
          )
        })}
        {state === 'loading' ? (
          <View className='msg-search__state'>
            <View className='spinner' /> 搜索中…
          </View>
        ) : null}
        {state === 'error' ? (
          <View {...pressable()} className='msg-search__state link' onClick={() => void load()}>
            搜索失败，点击重试
          </View>
        ) : null}
        {state === 'idle' && results.length === 0 ? (
          <View className='msg-search__state' data-testid='msg-search-empty'>
            无相关结果
          </View>
        ) : null}
        {state === 'idle' && !complete ? (
          <View {...pressable()} className='msg-search__state link' data-testid='msg-search-more' onClick={() => void load(results.at(-1)?.sequence)}>
            加载更多
          </View>
        ) : null}
      </View>
    </View>
  )
}
