import { fileExtension, MIME_BY_EXT } from '../../../types/upload.js'

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

const BANNED_EXTENSIONS = new Set(['exe', 'bat', 'cmd', 'com', 'scr', 'msi', 'pif', 'vbs', 'js', 'jar', 'ps1', 'sh', 'dll'])

/** Executables and scripts are refused (4005), by extension and by the Windows/ELF signatures. */
export function isBannedFile(name: string, head: Buffer): boolean {
  if (BANNED_EXTENSIONS.has(fileExtension(name))) return true
  if (head[0] === 0x4d && head[1] === 0x5a) return true
  return head[0] === 0x7f && head.subarray(1, 4).toString('latin1') === 'ELF'
}

export function mimeFor(name: string, sniffed: string | null): string {
  if (sniffed) return MIME_BY_EXT[sniffed]!
  return MIME_BY_EXT[fileExtension(name)] ?? 'application/octet-stream'
}
