import { Image, ScrollView, View } from '@tarojs/components'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { intersection, type VisibleWatch } from '@/platform/intersection'
import { scroller } from '@/platform/scroller'
import { messageKey } from '@/stores/chat/uiMessage'
import type { UiMessage } from '@/stores/slices/messages'
import { chatIcons } from './chatIcons'
import { useChatScreen } from './chatContext'
import { needsTimeDivider } from './messageDisplay'
import MessageRow from './MessageRow'
import { AT_BOTTOM_PX, distanceFromBottom, planScroll, SCROLL_BUTTON_VIEWPORTS, wasAtBottom, type ListMetrics, type ListShape } from './scrollPlan'
import { useThrottledCallback } from './useThrottle'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'
import { useRove } from '@/components/common/useRove'

/** The one scrolling container of the chat; platform ports find it by this id. */
export const CHAT_SCROLL_ID = 'chat-scroll'
/** The list of message rows: one Tab stop, ↑ and ↓ move between messages. */
const MESSAGE_LIST_ID = 'chat-message-list'
/** Everything inside the scrolling container, watched for growth (images loading). */
const CHAT_CONTENT_ID = 'chat-scroll-content'
/** Spec 9: the scroll handler runs at most every 150 ms. */
const SCROLL_THROTTLE_MS = 150
/** Spec 4 "Read receipts": an incoming message counts as seen at 70 % visibility. */
const VISIBLE_RATIO = 0.7
const BOTTOM = 1e9
/** After a page's answer, by when its rows have been laid out (or it brought none). */
const ANCHOR_RELEASE_MS = 100

interface Props {
  list: UiMessage[]
  isCompleted: boolean
  /** The window is in the past: newer messages load as the reader scrolls down. */
  hasNewer: boolean
  loadingOlder: boolean
  loadingNewer: boolean
  /** The first page is still on its way. */
  loading: boolean
}

/** Row element ids must be valid in a selector and unique on the page. */
export function anchorIdOf(key: string): string {
  return `msg-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`
}

/**
 * A row that must stay where the reader sees it while pages are put above or taken away: where it
 * lay in the content when the page was asked for (its offset in view plus the scroll position).
 */
interface Anchor {
  key: string
  top: number
}

/** The list had rows of this conversation before the change. */
function before(shape: ListShape | null, conversationID: string): boolean {
  return Boolean(shape && shape.conversationID === conversationID && shape.keys.length > 0)
}

export default function MessageList({ list, isCompleted, hasNewer, loadingOlder, loadingNewer, loading }: Props) {
  const { loadOlderMessages, loadNewerMessages, showNewest, reportMessageVisible } = useApp().chat
  const screen = useChatScreen()
  const { conversationID, selfID, conversation } = screen
  // Tab lands on the newest message: the first would scroll the chat up and load older pages.
  useRove(MESSAGE_LIST_ID, 'vertical', true, 'last')
  const [showLatest, setShowLatest] = useState(false)
  const [newCount, setNewCount] = useState(0)
  const atBottom = useRef(true)
  const shape = useRef<ListShape | null>(null)
  const anchor = useRef<Anchor | null>(null)
  const hasNewerRef = useRef(hasNewer)
  hasNewerRef.current = hasNewer
  const loadingNewerRef = useRef(loadingNewer)
  loadingNewerRef.current = loadingNewer

  const keys = useMemo(() => list.map(messageKey), [list])
  const byKey = useMemo(() => new Map(list.map((m) => [messageKey(m), m])), [list])
  const byId = useMemo(() => new Map(list.map((m) => [m.ID, m])), [list])

  // The sizes last seen, to tell whether the list sat at its bottom before it or the input changed.
  const lastMetrics = useRef<ListMetrics | null>(null)
  const keysRef = useRef(keys)
  keysRef.current = keys

  /** Notes where a row is now, so the view can be put back after the rows around it change. */
  const holdRow = useCallback(async (key: string | undefined) => {
    if (!key) return
    const [offset, m] = await Promise.all([scroller.offsetOf(CHAT_SCROLL_ID, anchorIdOf(key)), scroller.metrics(CHAT_SCROLL_ID)])
    anchor.current = offset === null || !m ? null : { key, top: offset + m.scrollTop }
  }, [])

  /** A page that brought no rows (none there, a failure) leaves no anchor for a later change. */
  const releaseAfter = useCallback((load: Promise<void>) => {
    const mine = anchor.current
    void load.finally(() =>
      setTimeout(() => {
        if (anchor.current === mine) anchor.current = null
      }, ANCHOR_RELEASE_MS),
    )
  }, [])

  const loadNewer = useCallback(async () => {
    if (loadingNewerRef.current) return
    const last = keysRef.current[keysRef.current.length - 1]
    await holdRow(last)
    releaseAfter(loadNewerMessages(conversationID))
  }, [conversationID, holdRow, releaseAfter])

  const measure = useCallback(async () => {
    const m = await scroller.metrics(CHAT_SCROLL_ID)
    if (!m) return
    lastMetrics.current = m
    const distance = distanceFromBottom(m)
    // While the window is in the past its bottom is not the newest message: nothing to follow there.
    atBottom.current = distance <= AT_BOTTOM_PX && !hasNewerRef.current
    setShowLatest(hasNewerRef.current || distance > SCROLL_BUTTON_VIEWPORTS * m.clientHeight)
    if (atBottom.current) setNewCount(0)
    // The next page down is fetched a screen before the reader reaches the end of the window.
    if (hasNewerRef.current && distance < m.clientHeight) void loadNewer()
  }, [loadNewer])
  const onScroll = useThrottledCallback(() => void measure(), SCROLL_THROTTLE_MS)

  const toBottom = useCallback(
    (smooth = false) => {
      const go = () => {
        scroller.scrollTo(CHAT_SCROLL_ID, BOTTOM, smooth)
        atBottom.current = true
        setNewCount(0)
        setShowLatest(false)
      }
      if (!hasNewerRef.current) return go()
      showNewest(conversationID).then(
        // Once the newest page's rows are laid out.
        () => setTimeout(go, 60),
        (err: unknown) => console.warn('loading the newest messages failed', err),
      )
    },
    [conversationID],
  )

  useEffect(() => {
    if (hasNewer) setShowLatest(true)
  }, [hasNewer])

  // Before paint, so the view never flashes at the wrong place.
  useLayoutEffect(() => {
    // A window in the past (after a jump far back) has no bottom to follow.
    if (hasNewer) atBottom.current = false
    const after = { conversationID, keys }
    const held = anchor.current
    if (held && before(shape.current, conversationID) && keys.includes(held.key)) {
      // Pages were put above or taken away around the row the reader saw: it stays where it was.
      anchor.current = null
      shape.current = after
      // Only the rows' shift is made up for: a move since (a jump, the reader's scroll) stands.
      void Promise.all([scroller.offsetOf(CHAT_SCROLL_ID, anchorIdOf(held.key)), scroller.metrics(CHAT_SCROLL_ID)]).then(([offset, now]) => {
        if (offset === null || !now) return
        const shift = offset + now.scrollTop - held.top
        if (shift !== 0) scroller.scrollTo(CHAT_SCROLL_ID, now.scrollTop + shift)
      })
      return
    }
    const plan = planScroll({ before: shape.current, after, atBottom: atBottom.current, isOwn: (k) => byKey.get(k)?.from === selfID })
    shape.current = after
    switch (plan.kind) {
      case 'bottom':
        toBottom()
        break
      case 'count':
        setNewCount((n) => n + plan.added)
        break
      case 'keep':
      case 'none':
        break
    }
  }, [conversationID, keys, byKey, selfID, toBottom, hasNewer])

  // Rows grow after the scroll was planned (images and videos load, a reopened chat's rows lay out
  // after the first paint), or the input below grows (the emoji or ＋ panel, more lines of text) and
  // takes the list's room: a list that was at the bottom stays there, as WeChat's does.
  // A jump to a quoted or searched message moves the list away first: that list is left where it is.
  useEffect(
    () =>
      scroller.watchContent(CHAT_CONTENT_ID, () => {
        void scroller.metrics(CHAT_SCROLL_ID).then((m) => {
          if (!m) return
          const pinned = wasAtBottom(lastMetrics.current, m)
          lastMetrics.current = m
          if (pinned && atBottom.current && !anchor.current && !hasNewerRef.current) scroller.scrollTo(CHAT_SCROLL_ID, BOTTOM)
        })
      }),
    [conversationID],
  )

  // Reports incoming messages once they are 70 % visible: they become read, and group messages
  // with receipts send one.
  const reported = useRef(new Set<string>())
  const byIdRef = useRef(byId)
  byIdRef.current = byId
  const watcher = useRef<VisibleWatch | null>(null)
  useEffect(() => {
    reported.current = new Set()
    const watch = intersection.watchVisible({
      root: `#${CHAT_SCROLL_ID}`,
      targets: '.msg-row--watch',
      ratio: VISIBLE_RATIO,
      keyAttribute: 'key',
      onVisible: (id) => {
        if (reported.current.has(id)) return
        const message = byIdRef.current.get(id)
        if (!message) return
        reported.current.add(id)
        reportMessageVisible(conversationID, message)
      },
    })
    watcher.current = watch
    return () => {
      watch.stop()
      watcher.current = null
    }
  }, [conversationID])
  useEffect(() => {
    watcher.current?.refresh()
  }, [keys])

  const readSequence = conversation?.readSequence ?? 0
  const shouldWatch = (m: UiMessage) =>
    m.from !== selfID && m.status === 'success' && !reported.current.has(m.ID) && (m.sequence > readSequence || m.needReadReceipt)

  const loadOlder = async () => {
    if (loadingOlder || isCompleted) return
    await holdRow(keys[0])
    releaseAfter(loadOlderMessages(conversationID))
  }

  return (
    <View className='chat-list'>
      <ScrollView id={CHAT_SCROLL_ID} className='chat-list__scroll' scrollY enhanced onScroll={onScroll}>
        <View id={CHAT_CONTENT_ID}>
          <View className='chat-list__top'>
            {loadingOlder ? (
              <View className='chat-list__more chat-list__more--loading'>
                <View className='spinner' /> 加载中…
              </View>
            ) : !isCompleted && list.length > 0 ? (
              <View {...pressable()} className='chat-list__more link' data-testid='chat-view-more' onClick={() => void loadOlder()}>
                查看更多
              </View>
            ) : null}
          </View>
          {loading && list.length === 0 ? (
            <View className='chat-list__state' data-testid='chat-loading'>
              <View className='spinner' /> 正在加载消息…
            </View>
          ) : null}
          {!loading && list.length === 0 ? (
            <View className='chat-list__state' data-testid='chat-empty'>
              还没有消息，打个招呼吧
            </View>
          ) : null}
          {/* New messages are read out as they arrive (a polite live region adds to, never cuts off, speech). */}
          <View id={MESSAGE_LIST_ID} role='list' aria-label='消息' aria-live='polite' aria-relevant='additions'>
          {list.map((m, i) => {
            const key = keys[i]!
            return (
              <MessageRow
                key={key}
                message={m}
                anchorId={anchorIdOf(key)}
                showTime={needsTimeDivider(list[i - 1], m)}
                watch={shouldWatch(m)}
              />
            )
          })}
          </View>
          {loadingNewer ? (
            <View className='chat-list__more chat-list__more--loading' data-testid='chat-loading-newer'>
              <View className='spinner' /> 加载中…
            </View>
          ) : null}
          <View className='chat-list__bottom' />
        </View>
      </ScrollView>
      {showLatest ? (
        <View {...pressable()} className='chat-latest' data-testid='scroll-latest' aria-label='回到最新消息' onClick={() => toBottom(true)}>
          <Image nativeProps={{ alt: '' }} className='chat-latest__icon' src={chatIcons.arrowDown} />
          {newCount > 0 ? <View className='chat-latest__count'>{newCount}</View> : null}
        </View>
      ) : null}
    </View>
  )
}
