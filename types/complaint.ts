import { z } from 'zod'
import { ComplaintText, COMPLAINT_DETAIL_MAX, COMPLAINT_IMAGES_MAX, splitComplaintImages, COMPLAINT_IMAGES_MIN, ComplaintTarget } from './plain/complaint'

/** Reports of users and groups, and the dictionary lists that feed the report form (spec sections 3 "Report", 5, 7 "Misc"). */

export * from './plain/complaint'

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
