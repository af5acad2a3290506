import { FavoriteText, phraseDeleteTitle } from '@shared/favorites'
import { collectMessageData, readCollectDetail } from '@/domain/favorites/collectMessage'
import {
  emptyFavoriteList,
  favoriteTitle,
  fullyLoaded,
  mergePage,
  movePhrase,
  nextPage,
  toggleSelection,
  withoutRows,
  withTopStatus,
} from '@/domain/favorites/favoriteList'
import { parseCustomContent } from '@/domain/chat/customMessage'
import { headerActionsFor, isSpecialConversation, isSystemUserID } from '@/domain/chat/specialConversations'
import { menuOptions } from '@/components/conversation/conversationInfo'
import { hiddenTools } from '@/components/chat/ops/toolFlags'
import { ALL_FEATURES_ON, featuresWithout } from '@shared/messageOps'
import { MsgType, type Conversation } from '@shared/chat'
import { menuActions } from '@/domain/chat/menuRules'
import { favorite } from '../helpers/favoriteFixtures'

const page = (ids: number[], total: number) => ({ rows: ids.map((id) => favorite(id)), total })

describe('favorites list paging (spec 4 "Favorites in the toolbar")', () => {
  it('replaces on page 1, appends on later pages, and is fully loaded when the length equals the total', () => {
    let list = mergePage(emptyFavoriteList, page([12, 11, 10, 9, 8, 7, 6, 5, 4, 3], 12), 1, '')
    expect(list.rows).toHaveLength(10)
    expect(fullyLoaded(list)).toBe(false)
    expect(nextPage(list)).toBe(2)
    list = mergePage(list, page([2, 1], 12), 2, '')
    expect(list.rows.map((r) => r.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    expect(fullyLoaded(list)).toBe(true)
    expect(nextPage(list)).toBeNull()
    // A new search starts over.
    list = mergePage(list, page([5], 1), 1, '第5')
    expect(list.rows.map((r) => r.id)).toEqual([5])
    expect(list.query).toBe('第5')
  })

  it('never repeats a row when the list moved between pages, and asks nothing while loading or before the first page', () => {
    const first = mergePage(emptyFavoriteList, page([10, 9], 4), 1, '')
    const shifted = mergePage(first, page([9, 8], 4), 2, '')
    expect(shifted.rows.map((r) => r.id)).toEqual([10, 9, 8])
    expect(nextPage({ ...shifted, loading: true })).toBeNull()
    expect(fullyLoaded(emptyFavoriteList)).toBe(false)
    expect(nextPage(emptyFavoriteList)).toBe(1)
  })

  it('keeps pinned rows on top after a pin or unpin, and counts deletions in the total', () => {
    const list = mergePage(emptyFavoriteList, page([3, 2, 1], 3), 1, '')
    const pinned = withTopStatus(list, 1, 1)
    expect(pinned.rows.map((r) => [r.id, r.topStatus])).toEqual([
      [1, 1],
      [3, 0],
      [2, 0],
    ])
    expect(withTopStatus(pinned, 1, 0).rows.map((r) => r.id)).toEqual([3, 2, 1])
    const left = withoutRows(pinned, new Set([1, 2, 99]))
    expect(left.rows.map((r) => r.id)).toEqual([3])
    expect(left.total).toBe(1)
  })

  it('toggles the one selection of the toolbar panel', () => {
    expect(toggleSelection(null, 4)).toBe(4)
    expect(toggleSelection(4, 4)).toBeNull()
    expect(toggleSelection(4, 5)).toBe(5)
  })

  it('titles files by name, places by place name, notes by their text', () => {
    expect(favoriteTitle(favorite(1, { contentType: 4, fileName: 'a.pdf' }))).toBe('a.pdf')
    expect(favoriteTitle(favorite(1, { contentType: 5, addressTitle: '外滩' }))).toBe('外滩')
    expect(favoriteTitle(favorite(1, { contentType: 99, noteContent: '笔记' }))).toBe('笔记')
  })
})

describe('quick phrase order', () => {
  const phrases = [1, 2, 3].map((id) => ({ id, word: `w${id}`, wordSort: id - 1 }))
  it('moves one phrase and renumbers the order; a move out of range changes nothing', () => {
    expect(movePhrase(phrases, 2, 0).map((p) => [p.id, p.wordSort])).toEqual([
      [3, 0],
      [1, 1],
      [2, 2],
    ])
    expect(movePhrase(phrases, 0, 3)).toBe(phrases)
    expect(movePhrase(phrases, 1, 1)).toBe(phrases)
  })

  it('names the phrase in the delete prompt\'s title, a long one cut short; the text stays 确认删除？', () => {
    expect(phraseDeleteTitle('好的，收到')).toBe('删除常用语「好的，收到」')
    expect(phraseDeleteTitle('一二三四五六七八九十'.repeat(3))).toBe('删除常用语「一二三四五六七八九十一二三四五六七八九十…」')
    expect(FavoriteText.PhraseDeleteConfirm).toBe('确认删除？')
  })

  it('hides the 常用语 entry when phraseSwitch is 0 or the quick replies feature is off', () => {
    expect(hiddenTools(ALL_FEATURES_ON).has('phrase')).toBe(false)
    expect(hiddenTools(ALL_FEATURES_ON, 0).has('phrase')).toBe(true)
    expect(hiddenTools(featuresWithout(['quickReplies'])).has('phrase')).toBe(true)
    expect(hiddenTools(ALL_FEATURES_ON).has('favorite')).toBe(false)
  })
})

describe('collect messages', () => {
  it('carries what the receiver needs to open a favorite, and reads back the spec fields of other clients', () => {
    const f = favorite(7, { contentType: 2, imageUrl: '/api/oss/file/abcdefghijklmnop', imageUuid: 'abcdefghijklmnop', collectTitle: '' })
    const { data, description } = collectMessageData(f)
    expect(description).toBe('[收藏] 图片')
    const content = parseCustomContent({ data: JSON.stringify(data) })
    expect(content).toMatchObject({ kind: 'collect', image: '/api/oss/file/abcdefghijklmnop', detail: { id: 7, contentType: 2, imageUrl: '/api/oss/file/abcdefghijklmnop' } })
    expect(readCollectDetail({ id: 3, collectTitle: '标题', noteContent: '内容' })).toMatchObject({ id: 3, contentType: 99, noteContent: '内容', lat: null })
  })

  it('reads the helper welcome card and drops entries without an id or a question', () => {
    const data = {
      type: 'wisperHelper Msg',
      content: { title: '你好', imgMsg: { img: '' }, txtMsg: [{ id: 1, question: '怎么添加好友？', replyMsg: 'x' }, { id: 0, question: '坏' }, { id: 2, question: '' }] },
    }
    expect(parseCustomContent({ data: JSON.stringify(data) })).toEqual({ kind: 'helper', title: '你好', image: '', questions: [{ id: 1, question: '怎么添加好友？', jumpUrl: '' }] })
  })
})

describe('special conversations (spec 1)', () => {
  const conv = (conversationID: string): Conversation => ({ conversationID, type: 'C2C' }) as Conversation
  it('hides the header actions of C2Cyx, and gives the helper its FAQ instead of search', () => {
    expect(headerActionsFor('C2Cyx123')).toEqual({ search: false, faq: false })
    expect(headerActionsFor('C2CwisperHelper')).toEqual({ search: false, faq: true })
    expect(headerActionsFor('C2C10000002')).toEqual({ search: true, faq: false })
    expect(isSpecialConversation('C2CwisperHelper')).toBe(true)
    expect(isSpecialConversation('GROUPG1')).toBe(false)
  })

  it('offers no mute, pin or archive for C2Cyx, and all three for the helper although it is nobody’s friend', () => {
    expect(menuOptions(conv('C2Cyx9'), new Set(['yx9']))).toEqual({ pin: false, mute: false, fold: false })
    expect(menuOptions(conv('C2CwisperHelper'), new Set())).toEqual({ pin: true, mute: true, fold: true })
    expect(menuOptions(conv('C2C10000009'), new Set())).toEqual({ pin: false, mute: false, fold: false })
  })

  it('offers no message pin in the helper and yx chats', () => {
    const message = { type: MsgType.Text, payload: { text: '你好' }, from: '10000002', time: 1_800_000_000, status: 'success' as const, isRevoked: false, hasRiskContent: false, conversationType: 'C2C' as const, progress: 1 }
    const keys = (special: boolean) => menuActions({ message, selfID: '10000001', role: 'Member', now: 1_800_000_010, specialConversation: special }).map((e) => e.key)
    expect(keys(false)).toContain('pin')
    expect(keys(true)).not.toContain('pin')
    expect(keys(true)).toContain('favorite')
  })

  it('gives system senders no profile', () => {
    for (const id of ['groupManage', 'wisperHelper', 'yx01', 'administrator']) expect(isSystemUserID(id)).toBe(true)
    expect(isSystemUserID('10000001')).toBe(false)
  })
})
