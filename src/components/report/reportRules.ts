import { COMPLAINT_DETAIL_MAX, COMPLAINT_IMAGES_MAX, ComplaintText } from '@shared/complaint'

/** Spec 5 "Report" and 9: the limits of the report form. */
export const REPORT_DETAIL_MAX = COMPLAINT_DETAIL_MAX
export const REPORT_IMAGES_MAX = COMPLAINT_IMAGES_MAX
/** The spec allows png and jpeg only; the words are ours. */
export const REPORT_IMAGE_TYPE_TEXT = '仅支持 png、jpeg 格式的图片'

/** One picture of the form: uploading (with progress 0..1), uploaded (url), or failed. */
export interface ReportImage {
  key: string
  preview: string
  progress: number
  url: string
  failed: boolean
}

export interface ReportDraft {
  complaintType: string
  detail: string
  images: readonly ReportImage[]
}

const chars = (s: string) => Array.from(s).length

/** png and jpeg only, by MIME type or, when the device gives none, by file name. */
export function isReportImage(file: { mime: string; name: string }): boolean {
  if (file.mime) return file.mime === 'image/png' || file.mime === 'image/jpeg'
  return /\.(png|jpe?g)$/i.test(file.name)
}

/** The problem to show under the description, or ''. */
export function detailError(detail: string): string {
  return chars(detail) > REPORT_DETAIL_MAX ? ComplaintText.DetailTooLong : ''
}

/**
 * Submit stays disabled until everything is filled: a type, a description within 500 characters,
 * and 1 to 5 pictures, all uploaded.
 */
export function canSubmitReport(draft: ReportDraft): boolean {
  const uploaded = draft.images.filter((i) => i.url && !i.failed)
  return (
    draft.complaintType !== '' &&
    draft.detail.trim() !== '' &&
    detailError(draft.detail) === '' &&
    uploaded.length >= 1 &&
    uploaded.length === draft.images.length &&
    draft.images.length <= REPORT_IMAGES_MAX
  )
}

/**
 * What still keeps 提交 disabled, said under the form (the first thing missing), or '' when the
 * report can go: the spec wants a picture as evidence, which nobody guesses from a grey button.
 */
export function reportMissing(draft: ReportDraft): string {
  if (draft.complaintType === '') return ComplaintText.TypeRequired
  if (draft.detail.trim() === '') return ComplaintText.DetailRequired
  if (detailError(draft.detail)) return ''
  if (draft.images.length === 0) return `${ComplaintText.ImagesRequired}作为证据`
  if (draft.images.some((i) => i.failed)) return '有图片上传失败，请移除后重新添加'
  if (draft.images.some((i) => !i.url)) return '图片上传中，请稍候'
  return ''
}

/** How many more pictures may be added. */
export function imageRoom(images: readonly ReportImage[]): number {
  return Math.max(0, REPORT_IMAGES_MAX - images.length)
}

/** complaintImage: the uploaded URLs joined with commas (spec 3 "Report"). */
export function joinImageUrls(images: readonly ReportImage[]): string {
  return images.map((i) => i.url).join(',')
}
