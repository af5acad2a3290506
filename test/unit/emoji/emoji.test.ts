import { readFileSync } from 'node:fs'
import path from 'node:path'
import { FacePayload } from '@shared/chat'
import {
  BASIC_EMOJI,
  BASIC_EMOJI_NAMES,
  emojiPlaceholder,
  emojiUrl,
  expandEmojiPlaceholders,
  findEmoji,
  findSticker,
  parseEmojiText,
  parseRichText,
  STICKER_GROUPS,
  stickerUrl,
} from '@/utils/emoji'

const assetsDir = path.resolve(__dirname, '../../../src/assets/emoji')

/** The SVG files the generated image table imports, in table order. */
function importedFiles(): string[] {
  const source = readFileSync(path.join(assetsDir, 'images.ts'), 'utf8')
  return [...source.matchAll(/from '\.\/(.+?\.svg)'/g)].map((m) => m[1])
}

describe('the emoji tables', () => {
  test('103 basic emoji with distinct bracketed names', () => {
    expect(BASIC_EMOJI).toHaveLength(103)
    expect(new Set(BASIC_EMOJI_NAMES).size).toBe(103)
    for (const e of BASIC_EMOJI) expect(e.name).toMatch(/^\[[^[\]]{1,4}\]$/)
    expect(BASIC_EMOJI.slice(0, 4).map((e) => e.name)).toEqual(['[微笑]', '[撇嘴]', '[色]', '[发呆]'])
    expect(BASIC_EMOJI.map((e) => e.index)).toEqual([...Array(103).keys()])
  })

  test('three sticker groups, emojiGroupID 1 to 3, of 18, 16 and 17 stickers', () => {
    expect(STICKER_GROUPS.map((g) => [g.id, g.stickers.length])).toEqual([
      [1, 18],
      [2, 16],
      [3, 17],
    ])
    const all = STICKER_GROUPS.flatMap((g) => g.stickers)
    expect(new Set(all.map((s) => s.data)).size).toBe(all.length)
    for (const s of all) expect(s.label).not.toBe('')
  })

  test('every sticker fits the face message the server accepts', () => {
    for (const s of STICKER_GROUPS.flatMap((g) => g.stickers)) {
      expect(FacePayload.safeParse({ index: s.group, data: s.data }).success).toBe(true)
    }
  })

  test('every picture is its own SVG drawing of the declared size', () => {
    const files = importedFiles()
    expect(files).toHaveLength(103 + 18 + 16 + 17)
    const contents = files.map((f) => readFileSync(path.join(assetsDir, f), 'utf8'))
    for (const [i, svg] of contents.entries()) {
      const size = files[i].startsWith('basic/') ? 64 : 120
      expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"`)).toBe(true)
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true)
    }
    expect(new Set(contents).size).toBe(contents.length)
  })

  test('lookups by name and by face message', () => {
    expect(findEmoji('[微笑]')).toMatchObject({ name: '[微笑]', index: 0 })
    expect(emojiUrl('[呲牙]')).toBeTruthy()
    expect(findEmoji('微笑')).toBeNull()
    expect(emojiUrl('[不存在]')).toBeNull()
    const first = STICKER_GROUPS[1].stickers[0]
    expect(findSticker(2, first.data)).toBe(first)
    expect(stickerUrl(2, first.data)).toBe(first.url)
    // The same name in another group is another sticker.
    expect(stickerUrl(1, first.data)).toBeNull()
    expect(stickerUrl(4, first.data)).toBeNull()
  })
})

describe('parseEmojiText', () => {
  const url = (name: string) => emojiUrl(name)!

  test('plain text is one segment; empty text none', () => {
    expect(parseEmojiText('你好')).toEqual([{ kind: 'text', text: '你好' }])
    expect(parseEmojiText('')).toEqual([])
  })

  test('known names become emoji between text runs', () => {
    expect(parseEmojiText('早[微笑]好[呲牙][呲牙]')).toEqual([
      { kind: 'text', text: '早' },
      { kind: 'emoji', name: '[微笑]', url: url('[微笑]') },
      { kind: 'text', text: '好' },
      { kind: 'emoji', name: '[呲牙]', url: url('[呲牙]') },
      { kind: 'emoji', name: '[呲牙]', url: url('[呲牙]') },
    ])
  })

  test('unknown brackets stay text and merge with their neighbours', () => {
    expect(parseEmojiText('[草稿] a[1]b [OK]')).toEqual([
      { kind: 'text', text: '[草稿] a[1]b ' },
      { kind: 'emoji', name: '[OK]', url: url('[OK]') },
    ])
  })

  test('an emoji inside extra brackets keeps the outer brackets as text', () => {
    expect(parseEmojiText('[[色]]').map((s) => (s.kind === 'text' ? s.text : s.name))).toEqual(['[', '[色]', ']'])
  })

  test('[::n] placeholders are the basic emoji at position n', () => {
    expect(emojiPlaceholder(2)).toBe('[::2]')
    expect(parseEmojiText('a[::0]b[::102]')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'emoji', name: '[微笑]', url: url('[微笑]') },
      { kind: 'text', text: 'b' },
      { kind: 'emoji', name: BASIC_EMOJI_NAMES[102], url: BASIC_EMOJI[102].url },
    ])
    expect(parseEmojiText('[::103][::-1][::x]')).toEqual([{ kind: 'text', text: '[::103][::-1][::x]' }])
    expect(expandEmojiPlaceholders('好[::0][::500]')).toBe('好[微笑][::500]')
  })

  test('line breaks are kept inside text', () => {
    expect(parseEmojiText('一\n[微笑]\n二')).toEqual([
      { kind: 'text', text: '一\n' },
      { kind: 'emoji', name: '[微笑]', url: url('[微笑]') },
      { kind: 'text', text: '\n二' },
    ])
  })
})

describe('parseRichText', () => {
  const shape = (text: string) => parseRichText(text).map((s) => (s.kind === 'text' ? s.text : s.kind === 'emoji' ? s.name : `<${s.url}>`))

  test('http and https links, stopping at spaces and Chinese text', () => {
    expect(shape('看 https://example.com/a?b=1#c 和http://x.cn/路径')).toEqual(['看 ', '<https://example.com/a?b=1#c>', ' 和', '<http://x.cn/>', '路径'])
  })

  test('trailing punctuation is not part of the link, balanced parentheses are', () => {
    expect(shape('见 https://a.cn/x.')).toEqual(['见 ', '<https://a.cn/x>', '.'])
    expect(shape('(https://a.cn/x)')).toEqual(['(', '<https://a.cn/x>', ')'])
    expect(shape('https://en.wikipedia.org/wiki/A_(b),')).toEqual(['<https://en.wikipedia.org/wiki/A_(b)>', ','])
    expect(shape('网址：https://a.cn，谢谢')).toEqual(['网址：', '<https://a.cn>', '，谢谢'])
  })

  test('emoji next to links, and schemes without a host', () => {
    expect(shape('[微笑]https://a.cn[微笑]')).toEqual(['[微笑]', '<https://a.cn>', '[微笑]'])
    expect(shape('https:// 与 ftp://a.cn')).toEqual(['https:// 与 ftp://a.cn'])
  })
})
