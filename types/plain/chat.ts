// The part of types/chat.ts without zod: constants, texts and plain functions, which the
// client imports without the schemas (types/chat.ts re-exports all of it).

/** Message kinds: the element names of the spec's chat SDK, so a second engine can map them one to one. */
export const MsgType = {
  Text: 'TIMTextElem',
  Face: 'TIMFaceElem',
  Image: 'TIMImageElem',
  Video: 'TIMVideoFileElem',
  Audio: 'TIMSoundElem',
  File: 'TIMFileElem',
  Location: 'TIMLocationElem',
  Merger: 'TIMRelayElem',
  Custom: 'TIMCustomElem',
  GroupTip: 'TIMGroupTipElem',
} as const
export type MsgType = (typeof MsgType)[keyof typeof MsgType]

/**
 * The bracketed labels a one-line summary (conversation list, notification, pin bar, search
 * result, merged record) gives a message that is not text.
 */
export const SummaryLabel = {
  Image: '[图片]',
  Video: '[视频]',
  Audio: '[语音]',
  File: '[文件]',
  Location: '[位置]',
  Face: '[动画表情]',
  Merger: '[聊天记录]',
  Link: '[链接]',
  Custom: '[自定义消息]',
  GroupTip: '[群提示]',
  Message: '[消息]',
} as const

/** The label of each kind that every summary writes alike; a custom message's label differs by place. */
export const KIND_SUMMARY_LABEL: Partial<Record<string, string>> = {
  [MsgType.Image]: SummaryLabel.Image,
  [MsgType.Video]: SummaryLabel.Video,
  [MsgType.Audio]: SummaryLabel.Audio,
  [MsgType.File]: SummaryLabel.File,
  [MsgType.Location]: SummaryLabel.Location,
  [MsgType.Face]: SummaryLabel.Face,
  [MsgType.Merger]: SummaryLabel.Merger,
}

export const ConvType = { C2C: 'C2C', Group: 'GROUP' } as const
export type ConvType = (typeof ConvType)[keyof typeof ConvType]

/** Message length limit: 12K characters of text (spec section 9). */
export const MESSAGE_MAX_CHARS = 12 * 1024
export const MESSAGE_TOO_LONG_TEXT = '消息长度超出限制，消息长度不要超过12K'
/** Fold mark of archived conversations. */
export const FOLD_MARK = 4
export const HISTORY_PAGE_SIZE = 20
export const READ_MEMBER_PAGE_SIZE = 100

/** Send error codes of spec section 8 "Send errors". */
export const SendError = {
  Muted: 10017,
  Banned: 20012,
  BlockedWord: 3123,
  SensitiveText: 80001,
  SensitiveImage: 80004,
  TooLong: 8001,
  TooLongAlt: 80002,
  TooLongBody: 93000,
  Deactivated: 20003,
  Blacklisted: 20007,
  InvalidImage: 4004,
  BannedFile: 4005,
  FileNotFound: 7004,
  FileTooLarge: 7005,
  NotMember: 10007,
} as const
export type SendError = (typeof SendError)[keyof typeof SendError]

/** A send answered with a message of another conversation than it named: refused on both ends. */
export const SEND_MISFILED_TEXT = '消息会话不一致，未发送'
