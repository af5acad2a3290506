/**
 * Input rules of the group screens (spec section 5), with the product's messages. Each returns
 * the first problem, or '' when the value is fine.
 */

/** Group name in the side panel and the create form. */
export const GROUP_NAME_LIMIT = 16
/** Notice in the side panel; the chat editor and create form allow 3000 (spec 5 gives both). */
export const PANEL_NOTICE_LIMIT = 150
export const WELCOME_LIMIT = 200
/** Own group nickname and group remark in the chat dialogs. */
export const NICKNAME_LIMIT = 15
export const JOIN_LEVEL_MIN = 1
export const JOIN_LEVEL_MAX = 200

export const GroupText = {
  nameEmpty: '群名称不能为空',
  nameTooLong: `群名称不能超过${GROUP_NAME_LIMIT}个字`,
  noticeTooLong: `群公告字数超出限制，最大长度为${PANEL_NOTICE_LIMIT}`,
  welcomeTooLong: `入群欢迎语不能超过${WELCOME_LIMIT}个字`,
  nicknameTooLong: `不能超过${NICKNAME_LIMIT}个字`,
  levelEmpty: '请输入等级限制',
  levelNotNumber: '请输入数字',
  levelOutOfRange: `请输入${JOIN_LEVEL_MIN}-${JOIN_LEVEL_MAX}之间的整数`,
} as const

/** Characters as people count them (an emoji is one). */
export const charCount = (text: string) => Array.from(text).length

export function groupNameError(name: string): string {
  const trimmed = name.trim()
  if (!trimmed) return GroupText.nameEmpty
  if (charCount(trimmed) > GROUP_NAME_LIMIT) return GroupText.nameTooLong
  return ''
}

export function panelNoticeError(notice: string): string {
  return charCount(notice) > PANEL_NOTICE_LIMIT ? GroupText.noticeTooLong : ''
}

export function welcomeError(text: string): string {
  return charCount(text) > WELCOME_LIMIT ? GroupText.welcomeTooLong : ''
}

export function nicknameError(text: string): string {
  return charCount(text.trim()) > NICKNAME_LIMIT ? GroupText.nicknameTooLong : ''
}

/** Join level limit: an integer 1 to 200 only (the switch being off sends 0 without asking here). */
export function joinLevelError(input: string): string {
  const text = input.trim()
  if (!text) return GroupText.levelEmpty
  if (!/^-?\d+(\.\d+)?$/.test(text)) return GroupText.levelNotNumber
  const n = Number(text)
  if (!Number.isInteger(n) || n < JOIN_LEVEL_MIN || n > JOIN_LEVEL_MAX) return GroupText.levelOutOfRange
  return ''
}

/**
 * What a save button sends: only the fields whose value differs from the current one (spec 4
 * "Group settings"); null when nothing changed, so no call is made.
 */
export function changedFields<T extends Record<string, unknown>>(current: T, edited: Partial<T>): Partial<T> | null {
  const out: Partial<T> = {}
  let any = false
  for (const key of Object.keys(edited) as Array<keyof T>) {
    if (edited[key] !== undefined && edited[key] !== current[key]) {
      out[key] = edited[key]
      any = true
    }
  }
  return any ? out : null
}
