import type { EnterKeyHandlers, KeyboardPort } from './keyboard'

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
    if (e.key !== 'Enter' || !(e.target instanceof HTMLTextAreaElement) || !host.contains(e.target)) return
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

export const keyboard: KeyboardPort = {
  supported: () => true,
  watchEditor,
  onEscape(handler) {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') handler()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  },
}

