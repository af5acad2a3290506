import { IMAGE_ACCEPT, mimeFromName } from './fileTypes'
import type { FilePickerPort, PickKind, PickedFile } from './filePicker'

const ACCEPT: Record<PickKind, string> = { image: IMAGE_ACCEPT, video: 'video/*', file: '' }

interface Slot {
  input: HTMLInputElement
  settle: ((files: File[]) => void) | null
}

const slots: Partial<Record<PickKind, Slot>> = {}

/**
 * One input per kind, created on the first pick and kept (hidden) under <body>. A pick ends with
 * the next change, or empty when the next pick starts. The input's cancel event is not trusted:
 * headless and embedded browsers fire it at once, before files set on the input arrive.
 */
function slotFor(kind: PickKind): Slot {
  const existing = slots[kind]
  if (existing && existing.input.isConnected) return existing
  const input = document.createElement('input')
  input.type = 'file'
  input.setAttribute('data-testid', `file-input-${kind}`)
  if (ACCEPT[kind]) input.accept = ACCEPT[kind]
  input.style.cssText = 'position:fixed;left:-10000px;top:0;width:1px;height:1px;opacity:0'
  input.tabIndex = -1
  input.setAttribute('aria-hidden', 'true')
  const slot: Slot = { input, settle: null }
  input.addEventListener('change', () => {
    const files = Array.from(input.files ?? [])
    // Cleared so that picking the same file again still fires a change.
    input.value = ''
    finish(slot, files)
  })
  document.body.appendChild(input)
  slots[kind] = slot
  return slot
}

function finish(slot: Slot, files: File[]): void {
  const settle = slot.settle
  slot.settle = null
  settle?.(files)
}

function toPicked(file: File): PickedFile {
  return { name: file.name, size: file.size, mime: file.type || mimeFromName(file.name), localUrl: URL.createObjectURL(file), blob: file }
}

function pick(kind: PickKind, multiple: boolean): Promise<PickedFile[]> {
  const slot = slotFor(kind)
  // A pick still waiting (its dialog was closed without a cancel event) ends empty.
  finish(slot, [])
  slot.input.multiple = multiple
  return new Promise((resolve) => {
    slot.settle = (files) => resolve(files.map(toPicked))
    slot.input.click()
  })
}

export const filePicker: FilePickerPort = {
  pickImages: (options = {}) => pick('image', options.multiple ?? true),
  pickImage: async () => (await pick('image', false))[0] ?? null,
  pickVideo: async () => (await pick('video', false))[0] ?? null,
  pickFile: async () => (await pick('file', false))[0] ?? null,
  release(file) {
    if (file.localUrl.startsWith('blob:')) URL.revokeObjectURL(file.localUrl)
  },
}
