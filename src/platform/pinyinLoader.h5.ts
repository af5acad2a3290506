import type { PinyinFn } from './pinyinLoader'

export function loadPinyin(): Promise<PinyinFn> {
  return import(/* webpackChunkName: "pinyin" */ 'pinyin-pro').then((m) => m.pinyin)
}
