import { z } from 'zod'

/** Reports of users and groups, and the dictionary lists that feed the report form (spec sections 3 "Report", 5, 7 "Misc"). */

export const COMPLAINT_DETAIL_MAX = 500
export const COMPLAINT_IMAGES_MIN = 1
export const COMPLAINT_IMAGES_MAX = 5
/** Only these image formats may back a report (checked against the stored upload's bytes). */
export const COMPLAINT_IMAGE_MIMES = ['image/png', 'image/jpeg'] as const

export const ComplaintTarget = { User: 0, Group: 1 } as const
export type ComplaintTarget = (typeof ComplaintTarget)[keyof typeof ComplaintTarget]

export const ComplaintText = {
  DetailRequired: '请填写举报描述',
  DetailTooLong: 'report description cannot exceed 500 characters',
  TypeRequired: '请选择举报类型',
  ImagesRequired: '请上传至少1张图片',
  TooManyImages: `最多上传${COMPLAINT_IMAGES_MAX}张图片`,
  ImageNotAllowed: '举报图片仅支持 png 或 jpeg 格式的上传图片',
  TargetNotFound: '举报对象不存在',
  Thanks: 'thanks for feedback, we will verify soon',
  Failed: 'report failed, please retry',
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

export const ComplaintAddBody = z.object({
  complaintDetail: z
    .string()
    .trim()
    .min(1, ComplaintText.DetailRequired)
    .refine((s) => [...s].length <= COMPLAINT_DETAIL_MAX, ComplaintText.DetailTooLong),
  complaintImage: z
    .string()
    .max(COMPLAINT_IMAGES_MAX * 512)
    .refine((s) => splitComplaintImages(s).length >= COMPLAINT_IMAGES_MIN, ComplaintText.ImagesRequired)
    .refine((s) => splitComplaintImages(s).length <= COMPLAINT_IMAGES_MAX, ComplaintText.TooManyImages),
  /** A dictValue of the matching complaint-type dictionary. */
  complaintType: z
    .union([z.string(), z.number().int()], ComplaintText.TypeRequired)
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, ComplaintText.TypeRequired).max(32)),
  /** A user ID (type 0), or a group ID or number (type 1). */
  targetId: z.string().trim().min(1, ComplaintText.TargetNotFound).max(64),
  type: z.union([z.literal(ComplaintTarget.User), z.literal(ComplaintTarget.Group)]),
})
export type ComplaintAddBody = z.input<typeof ComplaintAddBody>

export const ComplaintAddResult = z.object({ id: z.number().int() })
export type ComplaintAddResult = z.infer<typeof ComplaintAddResult>

export const DictListBody = z.object({ dictType: z.string().trim().min(1).max(64) })

/** One dictionary entry; an unknown dictType answers an empty list. */
export const DictEntry = z.object({ dictLabel: z.string(), dictValue: z.string(), dictSort: z.number().int() })
export type DictEntry = z.infer<typeof DictEntry>
