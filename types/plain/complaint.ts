// The part of types/complaint.ts without zod: constants, texts and plain functions, which the
// client imports without the schemas (types/complaint.ts re-exports all of it).

export const COMPLAINT_DETAIL_MAX = 500
export const COMPLAINT_IMAGES_MIN = 1
export const COMPLAINT_IMAGES_MAX = 5
/** Only these image formats may back a report (checked against the stored upload's bytes). */
export const COMPLAINT_IMAGE_MIMES = ['image/png', 'image/jpeg'] as const

export const ComplaintTarget = { User: 0, Group: 1 } as const
export type ComplaintTarget = (typeof ComplaintTarget)[keyof typeof ComplaintTarget]

/** The form's and its toasts' texts: the spec calls it a report, so every one says 举报. */
export const ComplaintText = {
  Action: '举报',
  TypeLabel: '举报类型',
  NoTypes: '暂无可选的举报类型',
  DetailLabel: '举报描述',
  DetailPlaceholder: '请描述举报的具体情况',
  DetailRequired: '请填写举报描述',
  DetailTooLong: `举报描述不能超过${COMPLAINT_DETAIL_MAX}个字`,
  TypeRequired: '请选择举报类型',
  ImagesRequired: '请上传至少1张图片',
  TooManyImages: `最多上传${COMPLAINT_IMAGES_MAX}张图片`,
  ImageNotAllowed: '举报图片仅支持 png 或 jpeg 格式的上传图片',
  TargetNotFound: '举报对象不存在',
  Thanks: '感谢你的反馈，我们会尽快核实',
  Failed: '举报失败，请重试',
} as const

/** Dictionary types the report form reads. */
export const DictType = { UserComplaint: 'user_complaint_type', GroupComplaint: 'group_complaint_type' } as const
export type DictType = (typeof DictType)[keyof typeof DictType]

/** The image URLs of a report, comma-joined in complaintImage. */
export const splitComplaintImages = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
