import type { EditorNavKey, EnterKeyHandlers, KeyboardPort, ListKey } from './keyboard'

const NAV_KEYS: Record<string, EditorNavKey> = { ArrowUp: 'up', ArrowDown: 'down', Escape: 'escape' }
const LIST_KEYS: Record<string, ListKey> = { ArrowUp: 'up', ArrowDown: 'down', Enter: 'enter' }

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
  // Keys typed before the next frame (a busy page draws late) already put the caret where the
  // text goes on; moving it back to `caret` would put what follows in the middle of them.
  let typed = false
  const host = document.getElementById(id)
  const onInput = () => {
    typed = true
  }
  host?.addEventListener('input', onInput, true)
  // After React has written the new value into the text area.
  requestAnimationFrame(() => {
    host?.removeEventListener('input', onInput, true)
    const area = document.getElementById(id)?.querySelector('textarea')
    if (!area) return
    if (document.activeElement !== area) area.focus()
    if (typed) return
    const at = caret === null ? area.value.length : Math.min(caret, area.value.length)
    area.setSelectionRange(at, at)
  })
}

export const keyboard: KeyboardPort = {
  supported: () => true,
  watchEditor,
  focusEditor,
  onEscape(handler) {
    // Taro's inputs stop keydown from bubbling, so Escape typed in a search box is caught on its
    // way down; everywhere else it is taken on its way up, after the page had its chance (the
    // editor's @ list keeps an Escape it used).
    const seen = new WeakSet<KeyboardEvent>()
    const onCapture = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.isComposing) return
      if (e.target instanceof HTMLInputElement) {
        seen.add(e)
        handler()
      } else if (e.target instanceof HTMLTextAreaElement) {
        // The text area stops the key too, but the editor's @ list may use it first (it then
        // prevents the default): decide once the key went all the way down.
        seen.add(e)
        setTimeout(() => {
          if (!e.defaultPrevented) handler()
        }, 0)
      }
    }
    const onBubble = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !seen.has(e)) handler()
    }
    document.addEventListener('keydown', onCapture, true)
    document.addEventListener('keydown', onBubble)
    return () => {
      document.removeEventListener('keydown', onCapture, true)
      document.removeEventListener('keydown', onBubble)
    }
  },
  onListKeys(handler) {
    // Caught on the way down: Taro's inputs stop keydown from bubbling.
    const onKeyDown = (e: KeyboardEvent) => {
      const key = LIST_KEYS[e.key]
      if (!key || e.isComposing || e.keyCode === 229 || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return
      if (handler(key)) {
        e.preventDefault()
        e.stopPropagation()
      }
    }
    document.addEventListener('keydown', onKeyDown, true)
    return () => document.removeEventListener('keydown', onKeyDown, true)
  },
}
