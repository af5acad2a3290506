/** Image formats the chat accepts (spec 2: gif, jpeg, jpg, png, bmp, webp). */
export const IMAGE_ACCEPT = '.gif,.jpeg,.jpg,.png,.bmp,.webp,image/gif,image/jpeg,image/png,image/bmp,image/webp'

/** A MIME type from a file name, for devices that give none. */
export function mimeFromName(name: string): string {
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : ''
  return MIME_BY_EXT[ext] ?? ''
}

const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  txt: 'text/plain',
  zip: 'application/zip',
}
