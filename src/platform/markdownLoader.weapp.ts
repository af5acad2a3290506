import type { MarkdownLexer } from './markdownLoader'

/** WeChat's module `require`, whose `async` loads a module of another package (see pinyinLoader.weapp.ts). */
declare const __non_webpack_require__: { async(path: string): Promise<{ Lexer: MarkdownLexer }> }

/**
 * marked's own build, which config/index.ts copies into the contacts subpackage (preloaded from
 * the conversation list), so the main package does not carry it
 * (docs/decisions/0090-the-mini-program-main-package-within-its-budget.md). The path is relative
 * to the root-level chunk files (common.js) that hold this module.
 */
export const MARKDOWN_MODULE = './pages/contacts/marked.js'

let lexer: MarkdownLexer | null = null
let loading: Promise<MarkdownLexer> | null = null

export function loadMarkdownLexer(): MarkdownLexer | Promise<MarkdownLexer> {
  if (lexer) return lexer
  loading ??= __non_webpack_require__.async(MARKDOWN_MODULE).then(
    (m) => (lexer = m.Lexer),
    (err: unknown) => {
      // A failed fetch (offline) may be retried by the next robot message drawn.
      loading = null
      throw err
    },
  )
  return loading
}
