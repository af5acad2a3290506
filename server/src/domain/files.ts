import { fileExtension, MIME_BY_EXT } from '../../../types/upload.js'
import { ALLOWED_UPLOAD_EXTENSIONS } from './uploadKinds.js'

/** What the first bytes of a file say it is; names and declared types are not trusted. */
export function sniffImage(head: Buffer): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png'
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg'
  if (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif'
  if (starts(0x42, 0x4d)) return 'bmp'
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp'
  return null
}

/**
 * The extension Windows will give a saved file: it drops trailing dots and spaces, ignores
 * case, and treats `name:stream` as `name`, so `run.EXE.`, `run.exe ` and `run.exe::$DATA`
 * are all executables.
 */
export function effectiveExtension(name: string): string {
  const base = name.normalize('NFKC').split(':')[0]!.replace(/[.\s]+$/u, '')
  return fileExtension(base)
}

/**
 * Refused (4005): a name outside the allowed kinds, or executable bytes (the Windows and ELF
 * signatures) whatever the name. A picture recognised by its bytes is allowed under any name
 * (a pasted image may arrive as `blob`): it is stored and served as the picture it is.
 */
export function isBannedFile(name: string, head: Buffer, sniffedImage: string | null = null): boolean {
  if (head[0] === 0x4d && head[1] === 0x5a) return true
  if (head[0] === 0x7f && head.subarray(1, 4).toString('latin1') === 'ELF') return true
  if (sniffedImage) return false
  return !ALLOWED_UPLOAD_EXTENSIONS.has(effectiveExtension(name))
}

export function mimeFor(name: string, sniffed: string | null): string {
  if (sniffed) return MIME_BY_EXT[sniffed]!
  return MIME_BY_EXT[fileExtension(name)] ?? 'application/octet-stream'
}
