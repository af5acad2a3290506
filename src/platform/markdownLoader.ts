import type { Lexer } from 'marked'

export type MarkdownLexer = typeof Lexer

/**
 * marked's lexer, which draws robot messages. The H5 build carries it with the chat; the
 * mini-program fetches it from a subpackage, so its main package does not carry it. Once it is
 * in, it is handed back at once, so a robot message drawn later is drawn as markdown at once.
 */
export declare function loadMarkdownLexer(): MarkdownLexer | Promise<MarkdownLexer>
