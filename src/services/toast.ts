import type { AppStore, ToastType } from '@/stores'

/** Spec section 9: toasts stay 3000 ms, then slide out. */
export const TOAST_DURATION_MS = 3000
/** Length of the slide-out animation; ToastHost's stylesheet uses the same value. */
export const TOAST_LEAVE_MS = 300

export interface ToastOptions {
  /** Milliseconds on screen; 0 keeps the toast until it is closed. */
  duration?: number
  /** Shows a close icon. */
  showClose?: boolean
}

/** The toasts of one app: each call returns the toast's id, for dismiss. */
export interface Toast {
  info(message: string, options?: ToastOptions): number
  waring(message: string, options?: ToastOptions): number
  error(message: string, options?: ToastOptions): number
  success(message: string, options?: ToastOptions): number
  /** Starts the slide-out of a toast; it is removed from the stack once the animation has run. */
  dismiss(id: number): void
}

export function createToast(store: AppStore): Toast {
  let nextId = 1

  function dismiss(id: number): void {
    const item = store.getState().toasts.find((t) => t.id === id)
    if (!item || item.leaving) return
    store.getState().markToastLeaving(id)
    setTimeout(() => store.getState().removeToast(id), TOAST_LEAVE_MS)
  }

  function show(type: ToastType, message: string, options: ToastOptions = {}): number {
    const id = nextId++
    const duration = options.duration ?? TOAST_DURATION_MS
    store.getState().pushToast({ id, type, message, duration, showClose: options.showClose ?? false, leaving: false })
    if (duration > 0) setTimeout(() => dismiss(id), duration)
    return id
  }

  return {
    info: (message, options) => show('info', message, options),
    waring: (message, options) => show('waring', message, options),
    error: (message, options) => show('error', message, options),
    success: (message, options) => show('success', message, options),
    dismiss,
  }
}
