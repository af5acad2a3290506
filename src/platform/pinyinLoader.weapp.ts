import { pinyin } from 'pinyin-pro'
import type { PinyinFn } from './pinyinLoader'

export function loadPinyin(): Promise<PinyinFn> {
  return Promise.resolve(pinyin)
}
