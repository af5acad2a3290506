import { GROUP_NAME_MAX, GROUP_NICKNAME_MAX, GROUP_NOTICE_PANEL_MAX, GROUP_WELCOME_MAX, GroupText, JOIN_LEVEL_MAX, JOIN_LEVEL_MIN } from '@shared/group'

/**
 * Input rules of the group screens (spec section 5), with the contract's messages, checked before
 * a call so the reader sees the problem under the box. Each returns the first problem, or ''.
 */

/** Characters as people count them (an emoji is one). */
export const charCount = (text: string) => Array.from(text).length

export function groupNameError(name: string): string {
  const trimmed = name.trim()
  if (!trimmed) return GroupText.NameEmpty
  if (charCount(trimmed) > GROUP_NAME_MAX) return GroupText.NameTooLong
  return ''
}

/** The side panel's notice (150; the chat editor and the create form allow 3000). */
export function panelNoticeError(notice: string): string {
  return charCount(notice) > GROUP_NOTICE_PANEL_MAX ? GroupText.NoticePanelTooLong : ''
}

export function welcomeError(text: string): string {
  return charCount(text.trim()) > GROUP_WELCOME_MAX ? GroupText.WelcomeTooLong : ''
}

/** Own group nickname and group remark. */
export function nicknameError(text: string): string {
  return charCount(text.trim()) > GROUP_NICKNAME_MAX ? GroupText.NicknameTooLong : ''
}

/** Join level limit: an integer 1 to 200 only (the switch being off sends 0 without asking here). */
export function joinLevelError(input: string): string {
  const text = input.trim()
  if (!text) return GroupText.LevelRequired
  if (!/^-?\d+(\.\d+)?$/.test(text)) return GroupText.LevelNotNumber
  const n = Number(text)
  if (!Number.isInteger(n) || n < JOIN_LEVEL_MIN || n > JOIN_LEVEL_MAX) return GroupText.LevelRange
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
