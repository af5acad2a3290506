import Taro from '@tarojs/taro'
import type { StoragePort } from './storage'

/** Values are stored as JSON text so both platforms read back exactly what was written. */
export const storage: StoragePort = {
  get<T>(key: string): T | null {
    try {
      const raw: unknown = Taro.getStorageSync(key)
      if (typeof raw !== 'string' || raw === '') return null
      return JSON.parse(raw) as T
    } catch {
      return null
    }
  },
  set(key, value) {
    try {
      Taro.setStorageSync(key, JSON.stringify(value))
    } catch (err) {
      console.error('storage write failed', key, err)
    }
  },
  remove(key) {
    Taro.removeStorageSync(key)
  },
  // One instance of the mini-program runs at a time: nobody else changes its storage.
  watch() {
    return () => undefined
  },
}
