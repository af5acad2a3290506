import type { PinyinFn } from './pinyinLoader'

/**
 * WeChat's module `require`: its `async` fetches a module that lies in another package (分包异步化,
 * base library 2.11.2), resolved from the file that calls it.
 */
declare const __non_webpack_require__: { async(path: string): Promise<{ pinyin: PinyinFn }> }

/**
 * pinyin-pro's own build, which config/index.ts copies into the contacts subpackage, so the main
 * package does not carry its 310 KB dictionary (docs/decisions/0070-mini-program-subpackages-page-folders-as-roots-pinyin.md).
 * The path is relative to the root-level chunk files (common.js) that hold this module.
 */
export const PINYIN_MODULE = './pages/contacts/pinyin-pro.js'

export function loadPinyin(): Promise<PinyinFn> {
  return __non_webpack_require__.async(PINYIN_MODULE).then((m) => m.pinyin)
}
