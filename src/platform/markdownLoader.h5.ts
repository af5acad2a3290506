import { Lexer } from 'marked'
import type { MarkdownLexer } from './markdownLoader'

export function loadMarkdownLexer(): MarkdownLexer {
  return Lexer
}
