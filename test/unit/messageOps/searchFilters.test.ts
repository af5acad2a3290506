import { MsgType } from '@shared/chat'
import { matchesFilter, resultSummary, SEARCH_FILTERS, splitOnKeyword } from '@/services/messageOps/searchFilters'

describe('message type filters (spec section 3)', () => {
  it('has the five tabs in order', () => {
    expect(SEARCH_FILTERS.map((f) => f.key)).toEqual(['all', 'text', 'file', 'media', 'other'])
  })

  it.each([
    [MsgType.Text, ['all', 'text']],
    [MsgType.File, ['all', 'file']],
    [MsgType.Image, ['all', 'media']],
    [MsgType.Video, ['all', 'media']],
    [MsgType.Audio, ['all', 'other']],
    [MsgType.Location, ['all', 'other']],
    [MsgType.Custom, ['all', 'other']],
    [MsgType.Merger, ['all', 'other']],
    [MsgType.GroupTip, []],
  ])('%s belongs under %j', (type, filters) => {
    expect(SEARCH_FILTERS.map((f) => f.key).filter((k) => matchesFilter({ type }, k))).toEqual(filters)
  })

  it('summarises results and finds the keyword ignoring case', () => {
    expect(resultSummary({ type: MsgType.File, payload: { fileName: 'a.pdf' } })).toBe('[文件] a.pdf')
    expect(resultSummary({ type: MsgType.Text, payload: { text: 'Hello' } })).toBe('Hello')
    // System lines read as their text, never as a placeholder.
    expect(resultSummary({ type: MsgType.Custom, payload: { data: JSON.stringify({ type: 'CustomMsg_Type_addFriend' }) } })).toBe('你们已经是好友了，现在可以开始聊天了')
    expect(splitOnKeyword('Apple pie', 'PIE')).toEqual(['Apple ', 'pie', ''])
    expect(splitOnKeyword('Apple pie', '  ')).toBeNull()
    expect(splitOnKeyword('Apple pie', 'x')).toBeNull()
  })
})
