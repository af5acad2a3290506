// The part of types/moments.ts without zod: constants, texts and plain functions, which the
// client imports without the schemas (types/moments.ts re-exports all of it).

/** Moments page size (spec section 9); the notice list pages by the same size. */
export const MOMENTS_PAGE_SIZE = 10
export const MOMENT_TEXT_MAX = 2000
export const MOMENT_IMAGES_MAX = 9
export const MOMENT_COMMENT_MAX = 500
/** Most moments one batch call (likes and comments of a page) may name. */
export const MOMENT_BATCH_MAX = 50
/** Visibility tags one moment may name. */
export const MOMENT_TAGS_MAX = 20

/** Who sees a moment besides its author. */
export const MomentVisibility = {
  /** Every two-way friend. */
  AllFriends: 0,
  OnlyMe: 1,
  /** Only the friends carrying one of the chosen tags when it was published. */
  Tags: 2,
  /** Every friend but those carrying one of the chosen tags when it was published. */
  ExceptTags: 3,
} as const
export type MomentVisibility = (typeof MomentVisibility)[keyof typeof MomentVisibility]

export const MomentMediaType = { Text: 0, Images: 1, Video: 2 } as const
export type MomentMediaType = (typeof MomentMediaType)[keyof typeof MomentMediaType]

/** minePraiseStatus: whether the caller likes the moment. */
export const PraiseStatus = { No: 0, Yes: 1 } as const
export type PraiseStatus = (typeof PraiseStatus)[keyof typeof PraiseStatus]

/** What a notice tells: a like, a comment on my moment, or a reply to my comment. */
export const MomentNoticeType = { Praise: 1, Comment: 2, Reply: 3 } as const
export type MomentNoticeType = (typeof MomentNoticeType)[keyof typeof MomentNoticeType]

export const MomentText = {
  Published: '发表成功',
  Deleted: '删除成功',
  Commented: '评论成功',
  Cleared: '已清空',
} as const

export const MomentError = {
  /** Missing, deleted or not visible to the caller: one answer, so nothing is learned by probing ids. */
  NotFound: { code: 404, msg: '该动态不存在或已被删除' },
  CommentNotFound: { code: 404, msg: '评论不存在或已被删除' },
  NotCommentOwner: { code: 403, msg: '只能删除自己的评论' },
  NotMomentOwner: { code: 403, msg: '只能删除自己的动态' },
  ForeignUpload: { code: 400, msg: 'images: 只能使用自己上传的文件' },
  ForeignVideo: { code: 400, msg: 'video: 只能使用自己上传的文件' },
  NotImage: { code: 400, msg: 'images: 只能发布图片' },
  NotVideo: { code: 400, msg: 'video: 只能发布视频' },
  TagNotFound: { code: 400, msg: 'tagIds: 标签不存在' },
} as const
