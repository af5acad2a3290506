import type { ClipboardPort } from './clipboard'

/** Older browsers and insecure origins have no async clipboard; a hidden textarea still copies there. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    document.body.removeChild(area)
  }
}

export const clipboard: ClipboardPort = {
  supported() {
    return Boolean(navigator.clipboard?.writeText) || typeof document.execCommand === 'function'
  },
  async copyText(text) {
    if (navigator.clipboard?.writeText) {
      try {
        await navigator.clipboard.writeText(text)
        return true
      } catch {
        return copyWithSelection(text)
      }
    }
    return copyWithSelection(text)
  },
}
