/** Upload limits and answers of POST /api/oss/upload (spec section 7 "Misc", section 8). */
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024
export const IMAGE_FORMATS = ['gif', 'jpeg', 'jpg', 'png', 'bmp', 'webp'] as const

export const UploadKind = { Image: 'image', Video: 'video', Audio: 'audio', File: 'file' } as const
export type UploadKind = (typeof UploadKind)[keyof typeof UploadKind]

export const UploadError = {
  InvalidImage: { code: 4004, msg: '图片消息失败,无效的图片格式' },
  BannedFile: { code: 4005, msg: '该文件类型禁止上传' },
  FileNotFound: { code: 7004, msg: '文件不存在' },
  FileTooLarge: { code: 7005, msg: '文件大小超过100MB' },
} as const

export interface UploadResult {
  url: string
  /** The spec's clients also read data.data.url. */
  data: { url: string }
  name: string
  size: number
  mime: string
}
