import { Lexer } from 'marked'
import { parseRobotMarkdown as parseWith, type Block, type Span } from '@/domain/chat/robotMarkdown'

const parseRobotMarkdown = (markdown: string) => parseWith(markdown, Lexer)

const spansOf = (blocks: Block[]): Span[] => blocks.flatMap((b) => (b.kind === 'paragraph' || b.kind === 'heading' ? b.spans : b.kind === 'quote' ? spansOf(b.blocks) : []))

test("WeCom's markdown subset becomes blocks and spans", () => {
  const blocks = parseRobotMarkdown('# 告警\n服务 <font color="warning">api</font> **异常**\n> 值班：<font color="comment">李四</font>\n\n`code`\n[面板](https://g.example.com/d)')
  expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'quote', 'paragraph'])
  const spans = spansOf(blocks)
  expect(spans.find((s) => s.text === 'api')).toMatchObject({ color: 'warning' })
  expect(spans.find((s) => s.text === '异常')).toMatchObject({ bold: true })
  expect(spans.find((s) => s.text === '李四')).toMatchObject({ color: 'comment' })
  expect(spans.find((s) => s.text === 'code')).toMatchObject({ code: true })
  expect(spans.find((s) => s.text === '面板')).toMatchObject({ href: 'https://g.example.com/d' })
})

test('raw HTML and script stay text, and only http(s) links are links', () => {
  const spans = spansOf(parseRobotMarkdown('<script>alert(1)</script>\n\n<b onclick="x()">b</b> <font color="red">r</font>\n\n[x](javascript:alert(1)) ![p](https://t.example/p.png)'))
  const text = spans.map((s) => s.text).join('')
  expect(text).toContain('<script>alert(1)</script>')
  expect(text).toContain('<b onclick="x()">')
  expect(text).toContain('<font color="red">')
  expect(spans.filter((s) => s.href).map((s) => s.href)).toEqual(['https://t.example/p.png'])
  expect(spans.some((s) => s.color)).toBe(false)
})

test('a raw tag on a line of its own stays text and leaves the markdown under it read as markdown', () => {
  const blocks = parseRobotMarkdown('<img src=x onerror="alert(1)">\n[正常链接](https://example.com)\n> 引用一行\n- 列表项 1\n\n`code`')
  const spans = spansOf(blocks)
  expect(spans[0]!.text).toBe('<img src=x onerror="alert(1)">')
  expect(spans.find((s) => s.text === '正常链接')).toMatchObject({ href: 'https://example.com' })
  expect(blocks.some((b) => b.kind === 'quote')).toBe(true)
  expect(blocks.find((b) => b.kind === 'list')).toMatchObject({ items: [[{ text: '列表项 1' }]] })
  expect(spans.find((s) => s.text === 'code')).toMatchObject({ code: true })
})
