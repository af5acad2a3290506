import type { StateCreator } from 'zustand'
import type { NetState } from '@/engines/chat/ChatEngine'
import type { AppState } from '../appState'

/** Spec section 2 "Other screens": the toast types, 'waring' spelled as the spec spells it. */
export type ToastType = 'info' | 'waring' | 'error' | 'success'

export interface ToastItem {
  id: number
  type: ToastType
  message: string
  /** Milliseconds on screen before it slides out; 0 keeps it until closed. */
  duration: number
  showClose: boolean
  /** Sliding out; removed once the animation is over. */
  leaving: boolean
}

export type LoadingBarState = 'idle' | 'loading' | 'done' | 'error'


export interface UiSlice {
  toasts: ToastItem[]
  loadingBar: LoadingBarState
  /** The messaging channel, for the network banner. */
  netState: NetState
  /**
   * Why the last session ended when the server or another device ended it, shown on the login
   * page (a toast is gone by the time someone looks); '' once they sign in again.
   */
  sessionEndNotice: string
  setSessionEndNotice(text: string): void
  pushToast(toast: ToastItem): void
  markToastLeaving(id: number): void
  removeToast(id: number): void
  setLoadingBar(state: LoadingBarState): void
  setNetState(state: NetState): void
}

export const createUiSlice: StateCreator<AppState, [], [], UiSlice> = (set) => ({
  toasts: [],
  loadingBar: 'idle',
  netState: 'disconnected',
  sessionEndNotice: '',
  setSessionEndNotice: (sessionEndNotice) => set({ sessionEndNotice }),
  pushToast: (toast) => set((s) => ({ toasts: [...s.toasts, toast] })),
  markToastLeaving: (id) =>
    set((s) => ({ toasts: s.toasts.map((t) => (t.id === id && !t.leaving ? { ...t, leaving: true } : t)) })),
  removeToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  setLoadingBar: (loadingBar) => set({ loadingBar }),
  setNetState: (netState) => set({ netState }),
})
