import type { EditorNavKey, EnterKeyHandlers, KeyboardPort } from './keyboard'

const NAV_KEYS: Record<string, EditorNavKey> = { ArrowUp: 'up', ArrowDown: 'down', Escape: 'escape' }

/** Puts a newline at the caret and tells the component, as typing it would have done. */
function insertNewline(area: HTMLTextAreaElement): void {
  const start = area.selectionStart ?? area.value.length
  const end = area.selectionEnd ?? start
  area.setRangeText('\n', start, end, 'end')
  area.dispatchEvent(new Event('input', { bubbles: true }))
}

function watchEditor(id: string, handlers: EnterKeyHandlers): () => void {
  const host = document.getElementById(id)
  if (!host) return () => {}
  // Capture phase: the text area component stops keydown from bubbling out of itself.
  const onKeyDown = (e: KeyboardEvent) => {
    if (!(e.target instanceof HTMLTextAreaElement) || !host.contains(e.target)) return
    const nav = NAV_KEYS[e.key]
    if (nav) {
      if (!e.isComposing && handlers.onNavigate?.(nav)) {
        e.preventDefault()
        e.stopPropagation()
      }
      return
    }
    if (e.key !== 'Enter') return
    // Enter also confirms a Chinese IME composition; that keystroke is not a send.
    if (e.isComposing || e.keyCode === 229) return
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault()
      insertNewline(e.target)
      return
    }
    if (e.shiftKey || e.altKey) return
    e.preventDefault()
    handlers.onSend()
  }
  host.addEventListener('keydown', onKeyDown, true)
  return () => host.removeEventListener('keydown', onKeyDown, true)
}

function focusEditor(id: string, caret: number | null): void {
  // After React has written the new value into the text area.
  requestAnimationFrame(() => {
    const area = document.getElementById(id)?.querySelector('textarea')
    if (!area) return
    const at = caret === null ? area.value.length : Math.min(caret, area.value.length)
    area.focus()
    area.setSelectionRange(at, at)
  })
}

export const keyboard: KeyboardPort = {
  supported: () => true,
  watchEditor,
  focusEditor,
  onEscape(handler) {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') handler()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  },
}

