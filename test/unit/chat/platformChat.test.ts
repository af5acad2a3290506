import { filePicker } from '@/platform/filePicker'
import { mimeFromName } from '@/platform/fileTypes'
import { recordedSeconds } from '@/platform/recording'
import { upload } from '@/platform/upload'
import { visibility } from '@/platform/visibility'

function input(kind: string): HTMLInputElement {
  const el = document.querySelector<HTMLInputElement>(`[data-testid="file-input-${kind}"]`)
  if (!el) throw new Error(`no input for ${kind}`)
  return el
}

function choose(el: HTMLInputElement, files: File[]) {
  Object.defineProperty(el, 'files', { value: files, configurable: true })
  el.dispatchEvent(new Event('change'))
}

beforeAll(() => {
  ;(URL as unknown as { createObjectURL: (b: Blob) => string }).createObjectURL = (b: Blob) => `blob:test/${(b as File).name ?? 'blob'}`
  ;(URL as unknown as { revokeObjectURL: (u: string) => void }).revokeObjectURL = () => undefined
})

test('H5 pickers click a hidden input under <body> with the test id of their kind', async () => {
  const clicks = jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined)
  const picking = filePicker.pickImage()
  const el = input('image')
  expect(el.parentElement).toBe(document.body)
  expect(el.type).toBe('file')
  expect(el.accept).toContain('.webp')
  expect(clicks).toHaveBeenCalledTimes(1)
  choose(el, [new File(['png'], 'cat.png', { type: 'image/png' })])
  await expect(picking).resolves.toMatchObject({ name: 'cat.png', size: 3, mime: 'image/png', localUrl: 'blob:test/cat.png' })
  expect(el.value).toBe('')

  const video = filePicker.pickVideo()
  expect(input('video').accept).toBe('video/*')
  // Headless browsers report a cancel before files set on the input arrive: the pick stays open.
  input('video').dispatchEvent(new Event('cancel'))
  choose(input('video'), [new File(['v'], 'clip.webm', { type: 'video/webm' })])
  await expect(video).resolves.toMatchObject({ name: 'clip.webm' })

  const file = filePicker.pickFile()
  choose(input('file'), [new File(['x'], 'notes', { type: '' })])
  await expect(file).resolves.toMatchObject({ name: 'notes', mime: '' })
  // One input per kind, reused.
  void filePicker.pickImage()
  expect(document.querySelectorAll('[data-testid="file-input-image"]')).toHaveLength(1)
})

test('a new pick ends one left waiting', async () => {
  jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined)
  const first = filePicker.pickImages()
  const second = filePicker.pickImages()
  await expect(first).resolves.toEqual([])
  choose(input('image'), [new File(['a'], 'a.png'), new File(['b'], 'b.gif')])
  await expect(second).resolves.toMatchObject([{ name: 'a.png', mime: 'image/png' }, { name: 'b.gif', mime: 'image/gif' }])
})

test('H5 upload: multipart with the fields before the file, progress, and the parsed answer', async () => {
  const sent: { headers: Record<string, string>; body: FormData | null } = { headers: {}, body: null }
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
    status = 0
    responseText = ''
    timeout = 0
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    ontimeout: (() => void) | null = null
    onabort: (() => void) | null = null
    open() {}
    setRequestHeader(k: string, v: string) {
      sent.headers[k] = v
    }
    send(body: FormData) {
      sent.body = body
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 })
      this.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 })
      this.status = 200
      this.responseText = JSON.stringify({ code: 200, msg: 'ok', data: { url: '/api/oss/file/x' } })
      this.onload?.()
    }
  }
  const original = window.XMLHttpRequest
  ;(window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr
  try {
    const progress: number[] = []
    const blob = new Blob(['hello'])
    const res = await upload.upload({
      url: '/api/oss/upload',
      file: { name: 'a.txt', size: 5, mime: 'text/plain', localUrl: 'blob:a', blob },
      fieldName: 'file',
      fields: { kind: 'file' },
      header: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
      onProgress: (f) => progress.push(f),
      timeout: 1000,
    })
    expect(res).toEqual({ statusCode: 200, data: { code: 200, msg: 'ok', data: { url: '/api/oss/file/x' } } })
    expect(progress).toEqual([0.25, 1])
    expect(sent.headers).toEqual({ Authorization: 'Bearer t' })
    expect([...sent.body!.keys()]).toEqual(['kind', 'file'])
  } finally {
    ;(window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = original
  }
})

test('visibility follows the document', () => {
  const seen: boolean[] = []
  const off = visibility.onChange((hidden) => seen.push(hidden))
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
  expect(visibility.isHidden()).toBe(true)
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
  off()
  document.dispatchEvent(new Event('visibilitychange'))
  expect(seen).toEqual([true, false])
})

test('recordings count at least 1 s and at most the limit; MIME types from names', () => {
  expect(recordedSeconds(200)).toBe(1)
  expect(recordedSeconds(3_400)).toBe(3)
  expect(recordedSeconds(600_000)).toBe(60)
  expect(mimeFromName('clip.MP4')).toBe('video/mp4')
  expect(mimeFromName('README')).toBe('')
})
