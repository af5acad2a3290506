// The part of types/upload.ts without zod: constants, texts and plain functions, which the
// client imports without the schemas (types/upload.ts re-exports all of it).

/** Upload limits and answers of POST /api/oss/upload (spec section 7 "Misc", section 8). */
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024
export const IMAGE_FORMATS = ['gif', 'jpeg', 'jpg', 'png', 'bmp', 'webp'] as const

/** The file picker's accept list for images: the formats above by extension and by MIME type. */
export const IMAGE_ACCEPT = [
  ...IMAGE_FORMATS.map((f) => `.${f}`),
  ...['gif', 'jpeg', 'png', 'bmp', 'webp'].map((t) => `image/${t}`),
].join(',')

/** MIME types by file extension, shared by the server's answers and clients that get no type from the device. */
export const MIME_BY_EXT: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
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
  txt: 'text/plain; charset=utf-8',
  zip: 'application/zip',
}

/** Where the server serves an upload; message media may point only here (never at a foreign address). */
export const UPLOAD_FILE_PATH = '/api/oss/file/'
export const OWN_UPLOAD_URL = /^\/api\/oss\/file\/[\w-]{1,64}$/
export const FOREIGN_MEDIA_TEXT = '只能发送本站上传的文件'

/** An address this server's upload route answered with (a path of this origin, no query). */
export const isOwnUploadUrl = (url: string) => OWN_UPLOAD_URL.test(url)

/** The extension of a file name, lower-cased; '' when there is none. */
export function fileExtension(name: string): string {
  return name.includes('.') ? name.split('.').pop()!.toLowerCase() : ''
}

export const UploadKind = { Image: 'image', Video: 'video', Audio: 'audio', File: 'file' } as const
export type UploadKind = (typeof UploadKind)[keyof typeof UploadKind]

/** An account over its hourly upload volume (RATE_UPLOAD_MB_PER_HOUR): answered 429. */
export const UPLOAD_BUDGET_TEXT = '一小时内上传的文件过多，请稍后再试'

export const UploadError = {
  InvalidImage: { code: 4004, msg: '图片消息失败,无效的图片格式' },
  BannedFile: { code: 4005, msg: '该文件类型禁止上传' },
  FileNotFound: { code: 7004, msg: '文件不存在' },
  FileTooLarge: { code: 7005, msg: '文件大小超过100MB' },
} as const
