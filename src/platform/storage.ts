/**
 * Persistent key/value storage for small JSON values (the session, the device id).
 * H5: localStorage; mini-program: the synchronous Taro storage.
 */
export interface StoragePort {
  /** The stored value, or null when the key is missing or its content is unreadable. */
  get<T>(key: string): T | null
  set(key: string, value: unknown): void
  remove(key: string): void
  /**
   * Calls `onChange` when another tab or window of this app changes `key` (H5: the storage
   * event; the mini-program runs one instance, so never). Returns the function that stops it.
   */
  watch(key: string, onChange: () => void): () => void
}

export declare const storage: StoragePort
