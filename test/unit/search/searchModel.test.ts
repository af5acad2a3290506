import type { EverythingSearchResult } from '@shared/search'
import { MsgType, type StoredBody } from '@shared/chat'
import { keywordMarks, matchCount, matchedLine, mergePeople, moveActive, searchableWords, splitMarks } from '@/components/search/searchModel'

const none = { items: [], more: false }

test('marks every occurrence of the keyword in any case, and cuts the text into runs', () => {
  expect(keywordMarks('项目会议：项目进度', '项目')).toEqual([0, 1, 5, 6])
  expect(keywordMarks('Meeting at 3PM', 'pm')).toEqual([12, 13])
  expect(keywordMarks('好', '')).toEqual([])
  expect(splitMarks('明天见', [0, 1])).toEqual([
    { text: '明天', hit: true },
    { text: '见', hit: false },
  ])
})

test('Up and Down wrap around the lines, starting from none', () => {
  expect(moveActive(-1, 3, 'down')).toBe(0)
  expect(moveActive(-1, 3, 'up')).toBe(2)
  expect(moveActive(2, 3, 'down')).toBe(0)
  expect(moveActive(0, 0, 'down')).toBe(-1)
  expect(matchCount(3, false)).toBe('3条相关的聊天记录')
  expect(matchCount(100, true)).toBe('100+条相关的聊天记录')
})

test('the server’s people and groups join the device’s, with what matched', () => {
  const local = {
    users: [{ kind: 'user' as const, id: '2', conversationID: 'C2C2', name: '王五', avatar: '', detail: 'ID 2', hint: '王五' }],
    groups: [],
    messages: [],
  }
  const server: Pick<EverythingSearchResult, 'contacts' | 'groups'> = {
    contacts: {
      items: [
        { wtId: '2', name: '王五', nickName: '王五', remark: '', avatar: '', nameMarks: [0, 1], nickMatched: false },
        { wtId: '3', name: '老王', nickName: '王大', remark: '老王', avatar: '', nameMarks: [1], nickMatched: false },
      ],
      more: false,
    },
    groups: { items: [{ groupID: 'G1', groupNumber: '100001', name: '项目组', avatar: '', memberAvatars: [], nameMarks: [], members: ['王五'] }], more: false },
  }
  const merged = mergePeople(local, server)
  expect(merged.users.map((u) => [u.name, u.marks])).toEqual([
    ['王五', [0, 1]],
    ['老王', [1]],
  ])
  expect(merged.users[1]!.detail).toBe('昵称: 王大')
  expect(merged.groups.map((g) => [g.conversationID, g.detail])).toEqual([['GROUPG1', '包含: 王五']])
  expect(mergePeople(local, null)).toBe(local)
  expect(mergePeople(local, { contacts: none, groups: none }).users).toHaveLength(1)
})

test('a result line shows the matched words when the summary does not hold them', () => {
  const helper = {
    type: MsgType.Custom,
    payload: {
      data: JSON.stringify({ type: 'wisperHelper Msg', content: { question: '常见问题', answer: '好友申请在通讯录的新的朋友里处理' } }),
      description: '',
    },
  } as const
  expect(searchableWords(helper)).toEqual(['wisperHelper Msg', '常见问题', '好友申请在通讯录的新的朋友里处理', ''])
  expect(matchedLine('[小助手] 常见问题', helper, '新的朋友')).toBe('[小助手] …友申请在通讯录的新的朋友里处理')
  expect(matchedLine('[小助手] 常见问题', helper, '好友')).toBe('[小助手] 好友申请在通讯录的新的朋友里处理')
  expect(matchedLine('[小助手] 常见问题', helper, '问题')).toBe('[小助手] 常见问题')
  const relay = { type: MsgType.Merger, payload: { title: '群聊的聊天记录', abstractList: ['张三: 明天\n开会'] } } satisfies StoredBody
  expect(matchedLine('李四: [聊天记录] 群聊的聊天记录', relay, '开会')).toBe('李四: [聊天记录] 张三: 明天 开会')
  expect(matchedLine('[图片]', { type: MsgType.Image, payload: {} }, '好')).toBe('[图片]')
  expect(searchableWords({ type: MsgType.Text, payload: { text: '["好"]' } })).toEqual(['["好"]'])
})
