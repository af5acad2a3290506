import { useEffect, useState } from 'react'
import { ensurePinyin, onPinyinReady, pinyinReady } from '@/utils/pinyin'

/**
 * Whether the pinyin dictionary is in; asks for it while `wanted`. Screens that group by initial
 * letter or match by pinyin wait for it (a moment on first use in H5) and re-render once it is in.
 */
export function usePinyinReady(wanted = true): boolean {
  const [ready, setReady] = useState(pinyinReady)
  useEffect(() => {
    if (!wanted || ready) return
    const off = onPinyinReady(() => setReady(true))
    ensurePinyin().catch((err: unknown) => console.warn('loading the pinyin dictionary failed', err))
    return off
  }, [wanted, ready])
  return ready
}
