import { Image, Text, View } from '@tarojs/components'
import { useMemo } from 'react'
import { parseRobotMarkdown, type Block, type Span } from '@/domain/chat/robotMarkdown'
import { useMarkdownLexer } from './useMarkdownLexer'
import { pressable } from '@/platform/focus'

interface LinkProps {
  onLink(href: string): void
}

function Spans({ spans, onLink }: { spans: Span[] } & LinkProps) {
  return (
    <>
      {spans.map((s, i) => {
        const className = ['rmd-span', s.bold ? 'rmd-span--bold' : '', s.italic ? 'rmd-span--italic' : '', s.code ? 'rmd-span--code' : '', s.color ? `rmd-span--${s.color}` : '', s.href ? 'rmd-link' : '']
          .filter(Boolean)
          .join(' ')
        const href = s.href
        return (
          <Text {...(href ? pressable() : {})} key={i} className={className} data-href={href} data-color={s.color} onClick={href ? () => onLink(href) : undefined}>
            {s.text}
          </Text>
        )
      })}
    </>
  )
}

function Blocks({ blocks, onLink }: { blocks: Block[] } & LinkProps) {
  return (
    <>
      {blocks.map((b, i) => {
        switch (b.kind) {
          case 'heading':
            return (
              <View key={i} className={`rmd-heading rmd-heading--${b.level}`}>
                <Spans spans={b.spans} onLink={onLink} />
              </View>
            )
          case 'paragraph':
            return (
              <View key={i} className='rmd-p'>
                <Spans spans={b.spans} onLink={onLink} />
              </View>
            )
          case 'quote':
            return (
              <View key={i} className='rmd-quote'>
                <Blocks blocks={b.blocks} onLink={onLink} />
              </View>
            )
          case 'code':
            return (
              <View key={i} className='rmd-code'>
                {b.text}
              </View>
            )
          case 'list':
            return (
              <View key={i} className='rmd-list'>
                {b.items.map((item, n) => (
                  <View key={n} className='rmd-list__item'>
                    <Text className='rmd-list__mark'>{b.ordered ? `${n + 1}.` : '•'}</Text>
                    <Spans spans={item} onLink={onLink} />
                  </View>
                ))}
              </View>
            )
        }
      })}
    </>
  )
}

/** A robot's markdown, drawn from its parsed blocks (never as HTML). */
export function RobotMarkdownBubble({ markdown, onLink }: { markdown: string } & LinkProps) {
  const lexer = useMarkdownLexer()
  // Until the lexer is in (a moment, the first time in the mini-program), the message as its text.
  const blocks = useMemo<Block[]>(() => (lexer ? parseRobotMarkdown(markdown, lexer) : [{ kind: 'paragraph', spans: [{ text: markdown }] }]), [markdown, lexer])
  return (
    <View className='bubble bubble--card rmd' data-testid='msg-custom' data-kind='robotMarkdown'>
      <Blocks blocks={blocks} onLink={onLink} />
    </View>
  )
}

/** A robot's news: the first article large with its picture, the others as rows. */
export function RobotNewsBubble({ articles, picture, onLink }: { articles: Array<{ title: string; description: string; url: string; picurl: string }>; picture(url: string): string } & LinkProps) {
  return (
    <View className='bubble bubble--card rnews' data-testid='msg-custom' data-kind='robotNews'>
      {articles.map((a, i) => (
        <View {...pressable()} key={i} className={`rnews__item${i === 0 ? ' rnews__item--lead' : ''}`} data-testid='robot-news-article' data-href={a.url} onClick={() => onLink(a.url)}>
          {a.picurl ? <Image nativeProps={{ alt: '' }} className='rnews__pic' src={picture(a.picurl)} mode='aspectFill' /> : null}
          <View className='rnews__text'>
            <View className='rnews__title'>{a.title}</View>
            {i === 0 && a.description ? <View className='rnews__desc'>{a.description}</View> : null}
          </View>
        </View>
      ))}
    </View>
  )
}
