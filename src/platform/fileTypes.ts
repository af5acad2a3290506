import { fileExtension, MIME_BY_EXT } from '@shared/upload'

export { IMAGE_ACCEPT } from '@shared/upload'

/** A MIME type from a file name, for devices that give none. */
export function mimeFromName(name: string): string {
  return MIME_BY_EXT[fileExtension(name)] ?? ''
}
