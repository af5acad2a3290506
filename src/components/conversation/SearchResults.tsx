import { Text, View } from '@tarojs/components'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { Message } from '@shared/chat'
import { SECTION_PREVIEW, type ConversationHit, type EverythingSearchResult, type FavoriteHit, type MomentHit, type SearchSection } from '@shared/search'
import Avatar from '@/components/layout/Avatar'
import GroupAvatar from '@/components/layout/GroupAvatar'
import { useEscape } from '@/components/layout/useEscape'
import { keyboard } from '@/platform/keyboard'
import { useApp } from '@/root/AppContext'
import { keywordMarks, matchCount, matchedLine, moveActive, nameMarksOf, SECTION_TITLES, splitMarks, type SearchView } from '@/components/search/searchModel'
import { groupByInitial } from '@/utils/pinyin'
import { messageSummary } from '@/utils/summary'
import { formatConversationTime } from '@/utils/time'
import { hoverHint } from '../common/hoverHint'
import type { SearchEntry, SearchGroups } from './searchResults'
import { pressable } from '@/platform/focus'

export interface SearchPicks {
  /** A person or a group: open the chat (or the group's card). */
  onPick(entry: SearchEntry): void
  /** A chat-history match: open its chat at the message. */
  onMessage(conversationID: string, messageID: string): void
  onFavorite(hit: FavoriteHit): void
  onMoment(hit: MomentHit): void
}

interface SearchResultsProps extends SearchPicks {
  keyword: string
  results: SearchGroups
  /** The server's sections, null while it has not answered. */
  sections: EverythingSearchResult | null
  pending: boolean
  /** Escape at the overview: the search ends. */
  onClose(): void
}

/** One selectable line of the panel: keyboard navigation walks these in order. */
interface Row {
  key: string
  activate(): void
  node(active: boolean): JSX.Element
}

function Marked({ text, marks }: { text: string; marks: readonly number[] }) {
  return (
    <>
      {splitMarks(text, marks).map((p, i) =>
        p.hit ? (
          <Text key={i} className='conv-results__hl' data-testid='search-hl'>
            {p.text}
          </Text>
        ) : (
          <Text key={i}>{p.text}</Text>
        ),
      )}
    </>
  )
}

function Line(props: {
  testId: string
  active: boolean
  avatar: JSX.Element | null
  name: JSX.Element | string
  detail?: JSX.Element | string
  side?: string
  extra?: Record<string, string>
  onClick(): void
}) {
  return (
    <View {...pressable()}
      className={`conv-results__item${props.active ? ' conv-results__item--active' : ''}`}
      data-testid={props.testId}
      aria-selected={props.active ? 'true' : 'false'}
      {...props.extra}
      onClick={props.onClick}
    >
      {props.avatar}
      <View className='conv-results__text'>
        <View className='conv-results__name'>{props.name}</View>
        {props.detail !== undefined ? <View className='conv-results__detail'>{props.detail}</View> : null}
      </View>
      {props.side ? <View className='conv-results__side'>{props.side}</View> : null}
    </View>
  )
}

/**
 * The search box's results, as WeChat's: 联系人, 群聊, 聊天记录 (by conversation, with counts), 收藏
 * and 朋友圈, a few of each with 查看更多; one section in full; one conversation's matches. The
 * matched characters are highlighted everywhere; Up, Down and Enter walk and open the results,
 * Escape goes back a level, and from the overview ends the search.
 */
export default function SearchResults({ keyword, results, sections, pending, onClose, onPick, onMessage, onFavorite, onMoment }: SearchResultsProps) {
  const app = useApp()
  const { mediaUrl } = app.chat
  const viewerID = app.store.getState().user?.wtId ?? ''
  const [view, setView] = useState<SearchView>({ kind: 'all' })
  const [full, setFull] = useState<EverythingSearchResult | null>(null)
  const [history, setHistory] = useState<{ messages: Message[]; next?: string } | null>(null)
  const [loading, setLoading] = useState(false)
  // The marked row is held by its key, not its place, so a keyword that settles after ↓ keeps the
  // mark on the same result when the new list still holds it.
  const [activeKey, setActiveKey] = useState<string | null>(null)

  // A new keyword starts over at the overview.
  useEffect(() => {
    setView((v) => (v.kind === 'all' ? v : { kind: 'all' }))
  }, [keyword])

  useEffect(() => setActiveKey(null), [view])

  useEffect(() => {
    setFull(null)
    setHistory(null)
    if (view.kind === 'all' || !keyword) return
    let current = true
    setLoading(true)
    const done = () => current && setLoading(false)
    if (view.kind === 'section') {
      app.search.everything(keyword, view.section).then((r) => current && setFull(r), () => current && setFull(null)).finally(done)
    } else {
      app.search.conversationHistory(keyword, view.conversationID).then((p) => current && setHistory({ messages: p.messages, next: p.nextCursor }), () => undefined).finally(done)
    }
    return () => {
      current = false
    }
  }, [view, keyword, app.search])

  useEscape(true, () => (view.kind === 'all' ? onClose() : setView({ kind: 'all' })))

  const more = async () => {
    if (view.kind !== 'conversation' || !history?.next || loading) return
    setLoading(true)
    try {
      const p = await app.search.conversationHistory(keyword, view.conversationID, history.next)
      setHistory({ messages: [...history.messages, ...p.messages], next: p.nextCursor })
    } finally {
      setLoading(false)
    }
  }

  const peopleRow = (entry: SearchEntry): Row => ({
    key: `${entry.kind}/${entry.conversationID}`,
    activate: () => onPick(entry),
    node: (on) => (
      <Line
        testId={entry.kind === 'group' ? 'search-result-group' : 'search-result-user'}
        active={on}
        extra={{ 'data-id': entry.id, 'data-conversation': entry.conversationID, ...hoverHint(entry.hint) }}
        avatar={
          entry.kind === 'group' ? (
            <GroupAvatar src={mediaUrl(entry.avatar)} members={entry.memberAvatars?.map((url) => (url ? mediaUrl(url) : ''))} size={36} />
          ) : (
            <Avatar src={mediaUrl(entry.avatar)} size={36} />
          )
        }
        name={<Marked text={entry.name} marks={nameMarksOf(entry, keyword)} />}
        detail={<Marked text={entry.detail} marks={keywordMarks(entry.detail, keyword)} />}
        onClick={() => onPick(entry)}
      />
    ),
  })

  const conversationRow = (hit: ConversationHit): Row => {
    const isGroup = hit.conversationID.startsWith('GROUP')
    const one = hit.count === 1
    const summary = matchedLine(messageSummary(hit.latest, viewerID, { withSender: isGroup }), hit.latest, keyword)
    const open = () =>
      one ? onMessage(hit.conversationID, hit.latest.ID) : setView({ kind: 'conversation', conversationID: hit.conversationID, name: hit.name, count: matchCount(hit.count, hit.countCapped) })
    return {
      key: `conv/${hit.conversationID}`,
      activate: open,
      node: (on) => (
        <Line
          testId='search-result-conversation'
          active={on}
          extra={{ 'data-conversation': hit.conversationID, 'data-count': String(hit.count) }}
          avatar={isGroup && !hit.avatar ? <GroupAvatar src='' members={hit.memberAvatars.map((u) => (u ? mediaUrl(u) : ''))} size={36} /> : <Avatar src={mediaUrl(hit.avatar)} size={36} />}
          name={hit.name}
          detail={one ? <Marked text={summary} marks={keywordMarks(summary, keyword)} /> : matchCount(hit.count, hit.countCapped)}
          side={one ? formatConversationTime(hit.latest.time) : undefined}
          onClick={open}
        />
      ),
    }
  }

  const messageRow = (m: Message): Row => {
    const summary = matchedLine(messageSummary(m, viewerID, { withSender: m.conversationID.startsWith('GROUP') }), m, keyword)
    return {
      key: `msg/${m.ID}`,
      activate: () => onMessage(m.conversationID, m.ID),
      node: (on) => (
        <Line
          testId='search-result-message'
          active={on}
          extra={{ 'data-id': m.ID, 'data-conversation': m.conversationID }}
          avatar={<Avatar src={mediaUrl(m.avatar)} size={36} />}
          name={m.nameCard || m.nick || m.from}
          detail={<Marked text={summary} marks={keywordMarks(summary, keyword)} />}
          side={formatConversationTime(m.time)}
          onClick={() => onMessage(m.conversationID, m.ID)}
        />
      ),
    }
  }

  const favoriteRow = (f: FavoriteHit): Row => ({
    key: `fav/${f.id}`,
    activate: () => onFavorite(f),
    node: (on) => (
      <Line
        testId='search-result-favorite'
        active={on}
        extra={{ 'data-id': String(f.id) }}
        avatar={null}
        name={<Marked text={f.text} marks={keywordMarks(f.text, keyword)} />}
        detail={f.from ? `来自 ${f.from}` : undefined}
        side={formatConversationTime(f.time)}
        onClick={() => onFavorite(f)}
      />
    ),
  })

  const momentRow = (m: MomentHit): Row => ({
    key: `moment/${m.id}`,
    activate: () => onMoment(m),
    node: (on) => (
      <Line
        testId='search-result-moment'
        active={on}
        extra={{ 'data-id': String(m.id) }}
        avatar={<Avatar src={mediaUrl(m.authorAvatar)} size={36} />}
        name={m.authorName}
        detail={<Marked text={m.content} marks={keywordMarks(m.content, keyword)} />}
        side={formatConversationTime(m.time)}
        onClick={() => onMoment(m)}
      />
    ),
  })

  const moreRow = (section: SearchSection): Row => ({
    key: `more/${section}`,
    activate: () => setView({ kind: 'section', section }),
    node: (on) => (
      <View {...pressable()}
        className={`conv-results__more${on ? ' conv-results__item--active' : ''}`}
        data-testid={`search-more-${section}`}
        aria-selected={on ? 'true' : 'false'}
        onClick={() => setView({ kind: 'section', section })}
      >
        查看更多{SECTION_TITLES[section]}
      </View>
    ),
  })

  /** The rows of each section (or letter of a section), in order, for the current view. */
  const blocks = useMemo((): Array<{ section: SearchSection | null; letter?: string; rows: Row[] }> => {
    const source = view.kind === 'section' ? full : sections
    const lists: Record<SearchSection, Row[]> = {
      contacts: results.users.map(peopleRow),
      groups: results.groups.map(peopleRow),
      messages: (source?.messages.items ?? []).map(conversationRow),
      favorites: (source?.favorites.items ?? []).map(favoriteRow),
      moments: (source?.moments.items ?? []).map(momentRow),
    }
    if (view.kind === 'conversation') return [{ section: null, rows: (history?.messages ?? []).map(messageRow) }]
    if (view.kind === 'section') {
      // People and groups in full are grouped by their initial letter, # last (spec 2).
      if (view.section === 'contacts' || view.section === 'groups') {
        const entries = view.section === 'contacts' ? results.users : results.groups
        return groupByInitial(entries, (e) => e.name).map((g) => ({ section: view.section, letter: g.letter, rows: g.items.map(peopleRow) }))
      }
      return [{ section: view.section, rows: full ? lists[view.section] : [] }]
    }
    return (Object.keys(lists) as SearchSection[]).map((section) => {
      const rows = lists[section]
      const hasMore = rows.length > SECTION_PREVIEW || (sections?.[section].more ?? false)
      return { section, rows: [...rows.slice(0, SECTION_PREVIEW), ...(hasMore ? [moreRow(section)] : [])] }
    })
  }, [view, full, sections, results, history, keyword])
  const flat = blocks.flatMap((b) => b.rows)
  const active = flat.findIndex((r) => r.key === activeKey)
  const flatRef = useRef({ flat, active })
  flatRef.current = { flat, active }

  useEffect(() => {
    if (!keyboard.supported()) return
    return keyboard.onListKeys((key) => {
      const { flat: rows, active: at } = flatRef.current
      if (rows.length === 0) return false
      if (key === 'enter') {
        const row = rows[at]
        if (!row) return false
        row.activate()
        return true
      }
      setActiveKey(rows[moveActive(at, rows.length, key)]?.key ?? null)
      return true
    })
  }, [])

  const empty = flat.length === 0
  let index = 0
  return (
    <View className='conv-results' data-testid='search-results' data-view={view.kind}>
      {view.kind !== 'all' ? (
        <View className='conv-results__head'>
          <View {...pressable()} className='conv-results__back' data-testid='search-back' aria-label='返回' onClick={() => setView({ kind: 'all' })}>
            ‹
          </View>
          <View className='conv-results__head-title'>{view.kind === 'section' ? SECTION_TITLES[view.section] : view.name}</View>
          {view.kind === 'conversation' ? <View className='conv-results__head-count'>{view.count}</View> : null}
        </View>
      ) : null}
      {blocks.map((b) =>
        b.rows.length === 0 ? null : (
          <View
            key={`${b.section ?? 'list'}/${b.letter ?? ''}`}
            className='conv-results__section'
            data-testid={b.section ? `search-section-${b.section}` : 'search-section-conversation'}
          >
            {b.section && view.kind === 'all' ? <View className='conv-results__title'>{SECTION_TITLES[b.section]}</View> : null}
            {b.letter ? <View className='conv-results__letter'>{b.letter}</View> : null}
            {b.rows.map((row) => {
              const at = index++
              return <View key={row.key}>{row.node(at === active)}</View>
            })}
          </View>
        ),
      )}
      {view.kind === 'conversation' && history?.next ? (
        <View {...pressable()} className='conv-results__more' data-testid='search-load-more' onClick={() => void more()}>
          {loading ? '加载中…' : '加载更多'}
        </View>
      ) : null}
      {pending || loading ? (
        <View className='conv-results__status' data-testid='search-pending'>
          <View className='spinner' /> 正在搜索…
        </View>
      ) : empty ? (
        <View className='conv-results__status' data-testid='search-empty'>
          暂无搜索结果
        </View>
      ) : null}
    </View>
  )
}
