import { z } from 'zod'
import { charCount } from './friends'
import { MOMENT_TEXT_MAX, MOMENT_IMAGES_MAX, MomentVisibility, MOMENT_TAGS_MAX, MOMENTS_PAGE_SIZE, MOMENT_BATCH_MAX, MOMENT_COMMENT_MAX, PraiseStatus, MomentMediaType, MomentNoticeType } from './plain/moments'

/**
 * Friends' moments (朋友圈): publishing, the feed, likes, comments and notices (spec sections 3
 * "Moment", 7 "Moments (all POST)", socket type 2, 9). docs/moments-api.md gives the bodies.
 */

export * from './plain/moments'

const chars = (max: number, msg: string) => z.string().refine((s) => charCount(s) <= max, msg)
const MomentId = z.coerce.number().int().positive('动态不存在')
/** An upload as POST /api/oss/upload answered it (its url), or the bare id in that url. */
export const UploadRef = z.string().trim().min(1).max(200)

export const MomentLocation = z.object({
  title: z.string().trim().min(1).max(100),
  detail: z.string().trim().max(200).default(''),
  lat: z.number().min(-90).max(90).nullable().default(null),
  lng: z.number().min(-180).max(180).nullable().default(null),
})
export type MomentLocation = z.infer<typeof MomentLocation>

/** POST /api/user/friendsCircle/add. Text, images and video may not all be empty; images and video exclude each other. */
export const MomentAddBody = z
  .object({
    content: chars(MOMENT_TEXT_MAX, `content: 文字最多${MOMENT_TEXT_MAX}个字`).default(''),
    images: z.array(UploadRef).max(MOMENT_IMAGES_MAX, `images: 最多${MOMENT_IMAGES_MAX}张图片`).default([]),
    video: UploadRef.nullable().default(null),
    location: MomentLocation.nullable().default(null),
    visibility: z.enum(MomentVisibility).default(MomentVisibility.AllFriends),
    tagIds: z.array(z.coerce.number().int().positive()).max(MOMENT_TAGS_MAX).default([]),
  })
  .refine((b) => b.content.trim() !== '' || b.images.length > 0 || b.video !== null, { message: '请输入文字或添加图片、视频', path: ['content'] })
  .refine((b) => b.images.length === 0 || b.video === null, { message: '图片和视频不能同时发布', path: ['video'] })
  .refine((b) => (b.visibility === MomentVisibility.Tags || b.visibility === MomentVisibility.ExceptTags) === b.tagIds.length > 0, {
    message: '部分可见和不给谁看需要选择标签',
    path: ['tagIds'],
  })
export type MomentAddBody = z.input<typeof MomentAddBody>

/** pageNum and pageSize as the spec's list; wtId narrows it to one user's album. */
export const MomentListBody = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MOMENTS_PAGE_SIZE).default(MOMENTS_PAGE_SIZE),
  wtId: z.string().trim().min(1).max(64).optional(),
})
export type MomentListBody = z.input<typeof MomentListBody>

export const MomentIdBody = z.object({ id: MomentId })
export type MomentIdBody = z.input<typeof MomentIdBody>

export const MomentBatchBody = z.object({ ids: z.array(MomentId).max(MOMENT_BATCH_MAX) })
export type MomentBatchBody = z.input<typeof MomentBatchBody>

export const PraiseActionBody = z.object({ friendsCircleId: MomentId })
export type PraiseActionBody = z.input<typeof PraiseActionBody>

export const CommentAddBody = z.object({
  friendsCircleId: MomentId,
  content: z
    .string()
    .refine((s) => s.trim() !== '', 'content: 请输入评论内容')
    .refine((s) => charCount(s) <= MOMENT_COMMENT_MAX, `content: 评论最多${MOMENT_COMMENT_MAX}个字`),
  /** The comment answered ("B 回复 A"); absent for a comment on the moment. */
  replyCommentId: z.coerce.number().int().positive().nullable().default(null),
})
export type CommentAddBody = z.input<typeof CommentAddBody>

export const NoticePageBody = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MOMENTS_PAGE_SIZE).default(MOMENTS_PAGE_SIZE),
})
export type NoticePageBody = z.input<typeof NoticePageBody>

// ---- Answers ----

/** Names are as the caller sees them: their remark for a friend, else the nickname. */
export const MomentPraise = z.object({ wtId: z.string(), nickName: z.string(), avatar: z.string() })
export type MomentPraise = z.infer<typeof MomentPraise>

export const MomentComment = z.object({
  id: z.number().int(),
  friendsCircleId: z.number().int(),
  wtId: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  content: z.string(),
  /** The author of the answered comment, '' for a comment on the moment. */
  replyWtId: z.string(),
  replyNickName: z.string(),
  createTime: z.number().int(),
})
export type MomentComment = z.infer<typeof MomentComment>

/** A visibility tag, shown to the author only. */
export const MomentGroup = z.object({ id: z.number().int(), tagName: z.string() })

export const MomentInteractions = z.object({
  id: z.number().int(),
  commentsList: z.array(MomentComment),
  praiseList: z.array(MomentPraise),
  /** The tags of a Tags or ExceptTags moment; only its author gets them. */
  groupList: z.array(MomentGroup),
  minePraiseStatus: z.enum(PraiseStatus),
})
export type MomentInteractions = z.infer<typeof MomentInteractions>

/** A shown picture: its URL and its format (jpg, png...), which the preview's save needs. */
export const MomentImage = z.object({ url: z.string(), format: z.string() })
export type MomentImage = z.infer<typeof MomentImage>

export const Moment = z.object({
  id: z.number().int(),
  wtId: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  content: z.string(),
  mediaType: z.enum(MomentMediaType),
  /** In the author's order. */
  images: z.array(MomentImage),
  video: z.string().nullable(),
  location: MomentLocation.nullable(),
  /** The author gets the real value; everyone else gets AllFriends. */
  visibility: z.enum(MomentVisibility),
  createTime: z.number().int(),
})
export type Moment = z.infer<typeof Moment>

/** getInfoById: the moment with its likes and comments, in one answer. */
export const MomentDetail = Moment.extend(MomentInteractions.omit({ id: true }).shape)
export type MomentDetail = z.infer<typeof MomentDetail>

export const PraiseActionResult = z.object({ minePraiseStatus: z.enum(PraiseStatus), praiseList: z.array(MomentPraise) })
export type PraiseActionResult = z.infer<typeof PraiseActionResult>

export const CommentAddResult = z.object({
  /** The new comment's id. */
  id: z.number().int(),
  commentsList: z.array(MomentComment),
})
export type CommentAddResult = z.infer<typeof CommentAddResult>

export const MomentNotice = z.object({
  id: z.number().int(),
  type: z.enum(MomentNoticeType),
  wtId: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  /** The comment's text; '' for a like. */
  content: z.string(),
  friendsCircleId: z.number().int(),
  /** What the moment shows in the row: its first image, else the start of its text. */
  momentImage: z.string(),
  momentContent: z.string(),
  isRead: z.boolean(),
  createTime: z.number().int(),
})
export type MomentNotice = z.infer<typeof MomentNotice>

export const MomentUnread = z.object({ count: z.number().int().nonnegative() })
export type MomentUnread = z.infer<typeof MomentUnread>
