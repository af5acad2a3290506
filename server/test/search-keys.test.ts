import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelKey, hourKey, hourOf, keywordLookup, searchTerms, searchText, addTextKeys, termCode } from '../src/domain/searchKeys.js'
import { BACKENDS, openStorage, type Storage } from './support/server.js'

/**
 * The indexer computes a message's search keys in the server (domain/searchKeys.ts); the
 * database's im_search_keys (migration 160) computes the same. A difference would hide messages from
 * search, so the two are held to the same keys here, over every kind of message with words.
 */
const PAYLOADS: Array<[string, unknown]> = [
  ['TIMTextElem', { text: '明天见，老地方 Meeting at 3PM' }],
  ['TIMTextElem', { text: '  多个\t空白\n换行　全角空格  ' }],
  ['TIMTextElem', { text: '表情😀和𠮷字 ÄÖ straße' }],
  ['TIMTextElem', { text: '' }],
  ['TIMFileElem', { fileUrl: '/f', fileName: '年度报销单据-Invoice_1.PDF', fileSize: 10 }],
  ['TIMLocationElem', { latitude: 1, longitude: 2, description: JSON.stringify({ title: '望京"SOHO"', detail: '北京' }) }],
  ['TIMLocationElem', { latitude: 1, longitude: 2, description: '没有标题的地址' }],
  ['TIMRelayElem', { title: '群聊的聊天记录', abstractList: ['甲：你好', '乙：收到'], messageList: [] }],
  ['TIMRelayElem', { title: '只有标题', messageList: [] }],
  ['TIMCustomElem', { data: '{"businessID":"card","title":"名片"}', description: '[名片]', extension: '' }],
  ['TIMImageElem', { imageInfoArray: [] }],
]

describe.each(BACKENDS)('search keys computed by a send and by the database on %s', (backend) => {
  let storage: Storage
  beforeAll(async () => {
    storage = await openStorage(backend)
  })
  afterAll(async () => {
    await storage?.close()
  })

  it.each(PAYLOADS)('%s %j', async (type, payload) => {
    const at = new Date('2026-12-06T10:30:00Z')
    const { rows } = await storage.db.query<{ keys: string[] }>('SELECT im_search_keys($1, $2::jsonb, $3, $4)::text[] AS keys', [type, JSON.stringify(payload), 7, at])
    const keys = new Set<number>([hourKey(hourOf(at.getTime())), channelKey(7)])
    const text = searchText(type, payload)
    if (text) addTextKeys(text, keys)
    const mine = [...keys].map(String)
    expect([...new Set(rows[0]!.keys)].sort()).toEqual([...new Set(mine)].sort())
  })

  it('numbers a term the same way', async () => {
    const terms = ['a', '好', '😀', '项目', 'c😀', '😀a', '\u{10ffff}\u{10ffff}']
    const { rows } = await storage.db.query<{ codes: string[] }>('SELECT ARRAY(SELECT im_search_code(t)::text FROM unnest($1::text[]) t) AS codes', [terms])
    expect(rows[0]!.codes).toEqual(terms.map((t) => String(termCode(t))))
  })
})

describe('keyword lookup', () => {
  it('looks a keyword up by its bigrams, or by its one character', () => {
    const codes = (...terms: string[]) => terms.map(termCode)
    expect(keywordLookup('好')).toEqual({ terms: codes('好') })
    expect(keywordLookup('项目')).toEqual({ terms: codes('项目') })
    expect(keywordLookup('报销单据')).toEqual({ terms: codes('报销', '销单', '单据') })
    expect(keywordLookup('PR链接')).toEqual({ terms: codes('pr', 'r链', '链接') })
    expect(keywordLookup('a b')).toEqual({ terms: codes('a', 'b') })
    expect(keywordLookup('  ')).toBeNull()
  })

  it('numbers bigrams above every character, and no two terms alike', () => {
    expect(termCode('a')).toBe(97)
    expect(termCode('\u{10ffff}')).toBe(0x10ffff)
    expect(termCode('\u0000\u0000')).toBe(0x110000)
    expect(new Set(['ab', 'ba', 'a😀', '😀a', '😀😀', 'aa']).size).toBe(new Set(['ab', 'ba', 'a😀', '😀a', '😀😀', 'aa'].map(termCode)).size)
  })

  it('takes no term across white space, and counts characters, not UTF-16 units', () => {
    expect(searchTerms('ab c😀')).toEqual(['a', 'b', 'ab', 'c', '😀', 'c😀'])
  })

  it('treats as white space exactly what JavaScript does', () => {
    const differ: number[] = []
    for (let c = 0; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue
      const ch = String.fromCharCode(c)
      if (searchTerms(ch).length === 0 !== /\s/.test(ch)) differ.push(c)
    }
    expect(differ).toEqual([])
  })
})
