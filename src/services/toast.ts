import { useAppStore, type ToastType } from '@/stores'

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

let nextId = 1

/** Starts the slide-out of a toast; it is removed from the stack once the animation has run. */
export function dismissToast(id: number): void {
  const item = useAppStore.getState().toasts.find((t) => t.id === id)
  if (!item || item.leaving) return
  useAppStore.getState().markToastLeaving(id)
  setTimeout(() => useAppStore.getState().removeToast(id), TOAST_LEAVE_MS)
}

function show(type: ToastType, message: string, options: ToastOptions = {}): number {
  const id = nextId++
  const duration = options.duration ?? TOAST_DURATION_MS
  useAppStore.getState().pushToast({ id, type, message, duration, showClose: options.showClose ?? false, leaving: false })
  if (duration > 0) setTimeout(() => dismissToast(id), duration)
  return id
}

/** Each call returns the toast's id, for dismissToast. */
export const toast = {
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  waring: (message: string, options?: ToastOptions) => show('waring', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  dismiss: dismissToast,
}
