import type { pinyin } from 'pinyin-pro'

export type PinyinFn = typeof pinyin

/**
 * pinyin-pro with its dictionary (about 150 KB gzip, the largest module of the client). The H5
 * build fetches it when a search or a letter index first needs it; the mini-program fetches it
 * from a subpackage.
 */
export declare function loadPinyin(): Promise<PinyinFn>
