import { Text, View } from '@tarojs/components'
import Avatar from '@/components/layout/Avatar'
import GroupAvatar from '@/components/layout/GroupAvatar'
import { useApp } from '@/root/AppContext'
import { groupByInitial } from '@/utils/pinyin'
import { hoverHint } from '../common/hoverHint'
import type { SearchEntry, SearchGroups } from './searchResults'

interface SearchResultsProps {
  results: SearchGroups
  pending: boolean
  onPick(entry: SearchEntry): void
}

const TEST_IDS: Record<SearchEntry['kind'], string> = { user: 'search-result-user', group: 'search-result-group', message: 'search-result-message' }

function Section({ title, entries, onPick }: { title: string; entries: SearchEntry[]; onPick(entry: SearchEntry): void }) {
  const { mediaUrl } = useApp().chat
  if (entries.length === 0) return null
  return (
    <View className='conv-results__section'>
      <View className='conv-results__title'>{title}</View>
      {groupByInitial(entries, (e) => e.name).map((group) => (
        <View key={group.letter}>
          <View className='conv-results__letter'>{group.letter}</View>
          {group.items.map((entry) => (
            <View
              key={`${entry.conversationID}/${entry.id}`}
              className='conv-results__item'
              data-testid={TEST_IDS[entry.kind]}
              data-id={entry.id}
              data-conversation={entry.conversationID}
              {...hoverHint(entry.hint)}
              onClick={() => onPick(entry)}
            >
              {entry.kind === 'group' ? (
                <GroupAvatar src={mediaUrl(entry.avatar)} members={entry.memberAvatars?.map((url) => (url ? mediaUrl(url) : ''))} size={36} />
              ) : (
                <Avatar src={mediaUrl(entry.avatar)} size={36} />
              )}
              <View className='conv-results__text'>
                <View className='conv-results__name'>
                  {entry.name}
                  {entry.tag ? <Text className='conv-results__tag'>{entry.tag}</Text> : null}
                </View>
                <View className='conv-results__detail'>{entry.detail}</View>
              </View>
            </View>
          ))}
        </View>
      ))}
    </View>
  )
}

/** Search results in three sections, 联系人, 群聊 and 聊天记录, each grouped by pinyin initial with # last. */
export default function SearchResults({ results, pending, onPick }: SearchResultsProps) {
  const empty = results.users.length === 0 && results.groups.length === 0 && results.messages.length === 0
  return (
    <View className='conv-results' data-testid='search-results'>
      <Section title='联系人' entries={results.users} onPick={onPick} />
      <Section title='群聊' entries={results.groups} onPick={onPick} />
      <Section title='聊天记录' entries={results.messages} onPick={onPick} />
      {pending ? (
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
