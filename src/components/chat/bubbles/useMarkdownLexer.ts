import { useEffect, useState } from 'react'
import { loadMarkdownLexer, type MarkdownLexer } from '@/platform/markdownLoader'

const inHand = (asked: MarkdownLexer | Promise<MarkdownLexer>) => (asked instanceof Promise ? null : asked)

/** marked's lexer once it is in (at once when the loader has it); asks the loader on first use. */
export function useMarkdownLexer(): MarkdownLexer | null {
  // The lexer is a class: useState would call a function given to it, so it is handed over wrapped.
  const [current, setCurrent] = useState<MarkdownLexer | null>(() => inHand(loadMarkdownLexer()))
  useEffect(() => {
    if (current) return
    let live = true
    Promise.resolve(loadMarkdownLexer())
      .then((loaded) => live && setCurrent(() => loaded))
      .catch((err: unknown) => console.warn('loading the markdown lexer failed', err))
    return () => {
      live = false
    }
  }, [current])
  return current
}
