import type { Lexer, Token, Tokens } from 'marked'

/**
 * A robot's markdown (docs/bots.md) as a plain structure the chat renders with Taro components:
 * headings, bold, italic, links, quotes, code, lists and WeCom's `<font color="info|comment|warning">`.
 * Nothing is ever injected as HTML: any other tag stays visible as its text, so a script or a
 * raw element is inert on every platform.
 */

export type FontColor = 'info' | 'comment' | 'warning'

export interface Span {
  text: string
  bold?: boolean
  italic?: boolean
  code?: boolean
  color?: FontColor
  /** Only http(s) addresses; anything else stays plain text. */
  href?: string
}

export type Block =
  | { kind: 'heading'; level: number; spans: Span[] }
  | { kind: 'paragraph'; spans: Span[] }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'code'; text: string }
  | { kind: 'list'; ordered: boolean; items: Span[][] }

interface Style {
  bold?: boolean
  italic?: boolean
  color?: FontColor
  href?: string
}

const FONT_OPEN = /^<font\s+color\s*=\s*["']?(info|comment|warning)["']?\s*>$/i
const FONT_CLOSE = /^<\/font\s*>$/i
const FONT_WHOLE = /<font\s+color\s*=\s*["']?(info|comment|warning)["']?\s*>([\s\S]*?)<\/font\s*>/gi
const safeHref = (href: string) => (/^https?:\/\/\S+$/i.test(href) ? href : undefined)

/** Text with whole `<font>` elements in it (block HTML) split into coloured spans; other markup stays text. */
function fontSpans(raw: string, style: Style): Span[] {
  const out: Span[] = []
  let last = 0
  for (const m of raw.matchAll(FONT_WHOLE)) {
    if (m.index! > last) out.push({ ...style, text: raw.slice(last, m.index) })
    out.push({ ...style, text: m[2]!, color: m[1]!.toLowerCase() as FontColor })
    last = m.index! + m[0].length
  }
  if (last < raw.length) out.push({ ...style, text: raw.slice(last) })
  return out
}

function inline(tokens: Token[] | undefined, base: Style): Span[] {
  const out: Span[] = []
  // Opening and closing <font> tags arrive as separate inline html tokens.
  const colors: FontColor[] = []
  const style = () => ({ ...base, ...(colors.length ? { color: colors[colors.length - 1] } : {}) })
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'strong':
        out.push(...inline((t as Tokens.Strong).tokens, { ...style(), bold: true }))
        break
      case 'em':
        out.push(...inline((t as Tokens.Em).tokens, { ...style(), italic: true }))
        break
      case 'del':
        out.push(...inline((t as Tokens.Del).tokens, style()))
        break
      case 'codespan':
        out.push({ ...style(), text: (t as Tokens.Codespan).text, code: true })
        break
      case 'link': {
        const link = t as Tokens.Link
        const href = safeHref(link.href)
        out.push(...inline(link.tokens, { ...style(), ...(href ? { href } : {}) }))
        break
      }
      case 'image': {
        // Robots may not show outside pictures: the picture is its address, as a link.
        const img = t as Tokens.Image
        const href = safeHref(img.href)
        out.push({ ...style(), text: img.text || img.href, ...(href ? { href } : {}) })
        break
      }
      case 'br':
        out.push({ ...style(), text: '\n' })
        break
      case 'html': {
        const raw = (t as Tokens.HTML).raw
        const open = FONT_OPEN.exec(raw.trim())
        if (open) colors.push(open[1]!.toLowerCase() as FontColor)
        else if (FONT_CLOSE.test(raw.trim()) && colors.length) colors.pop()
        else out.push(...fontSpans(raw, style()))
        break
      }
      case 'text': {
        const text = t as Tokens.Text
        if (text.tokens?.length) out.push(...inline(text.tokens, style()))
        else out.push({ ...style(), text: decode(text.text) })
        break
      }
      case 'escape':
        out.push({ ...style(), text: (t as Tokens.Escape).text })
        break
      default:
        out.push({ ...style(), text: decode(t.raw) })
    }
  }
  return out
}

/** marked escapes &, <, >, " and ' in text; the structure holds the characters themselves. */
function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!)
}

function blocks(tokens: Token[], lex: (text: string) => Token[]): Block[] {
  const out: Block[] = []
  for (const t of tokens) {
    switch (t.type) {
      case 'space':
      case 'hr':
        break
      case 'heading':
        out.push({ kind: 'heading', level: Math.min((t as Tokens.Heading).depth, 6), spans: inline((t as Tokens.Heading).tokens, { bold: true }) })
        break
      case 'paragraph':
        out.push({ kind: 'paragraph', spans: inline((t as Tokens.Paragraph).tokens, {}) })
        break
      case 'blockquote':
        out.push({ kind: 'quote', blocks: blocks((t as Tokens.Blockquote).tokens, lex) })
        break
      case 'code':
        out.push({ kind: 'code', text: (t as Tokens.Code).text })
        break
      case 'list': {
        const list = t as Tokens.List
        out.push({ kind: 'list', ordered: list.ordered, items: list.items.map((item) => item.tokens.flatMap((x) => ('tokens' in x && x.tokens ? inline(x.tokens, {}) : inline([x], {})))) })
        break
      }
      case 'html': {
        // An HTML block runs to the next blank line, which would leave the markdown under a raw
        // tag's line unread: only the tag's own line stays text, the lines after it are markdown.
        const [first = '', ...rest] = (t as Tokens.HTML).raw.replace(/\n+$/, '').split('\n')
        out.push({ kind: 'paragraph', spans: fontSpans(first, {}) })
        if (rest.length) out.push(...blocks(lex(rest.join('\n')), lex))
        break
      }
      case 'text':
        out.push({ kind: 'paragraph', spans: inline((t as Tokens.Text).tokens ?? [t], {}) })
        break
      default:
        out.push({ kind: 'paragraph', spans: [{ text: t.raw }] })
    }
  }
  return out
}

/**
 * The blocks of a robot's markdown message, read by marked's `lexer` (the mini-program loads it
 * from a subpackage, see platform/markdownLoader).
 */
export function parseRobotMarkdown(markdown: string, lexer: typeof Lexer): Block[] {
  const lex = (text: string): Token[] => new lexer({ gfm: true, breaks: true }).lex(text)
  return blocks(lex(markdown), lex)
}
