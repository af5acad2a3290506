import type { FileOpenerPort } from './fileOpener'

/** Spec: files download with a GET as a blob, then the browser saves the blob under the file name. */
async function download(url: string, fileName: string): Promise<void> {
  let res: Response
  try {
    res = await fetch(url, { credentials: 'same-origin' })
  } catch {
    throw new Error('下载失败，请检查网络')
  }
  if (!res.ok) throw new Error(res.status === 404 ? '文件不存在' : '下载失败')
  const blob = await res.blob()
  const href = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = href
  a.download = fileName
  a.rel = 'noopener'
  a.style.display = 'none'
  document.body.appendChild(a)
  a.click()
  document.body.removeChild(a)
  // The download has been handed to the browser; the blob is not needed once it has started.
  setTimeout(() => URL.revokeObjectURL(href), 30_000)
}

export const fileOpener: FileOpenerPort = {
  download,
  saveImage: download,
  async openLink(url) {
    const w = window.open(url, '_blank', 'noopener,noreferrer')
    // With noopener the browser returns null even on success; a blocked popup cannot be told apart.
    return w === null || w ? 'opened' : 'failed'
  },
}
