import { AT_ALL_TAG } from '@shared/messageOps'

/** One entry of the @ list. */
export interface MentionCandidate {
  userID: string
  nick: string
  avatar: string
}

export const AT_ALL_ENTRY: MentionCandidate = { userID: AT_ALL_TAG, nick: '所有人', avatar: '' }

/** Group kinds whose @ list is disabled (spec section 2). */
const NO_MENTION_GROUP_TYPES = new Set(['AVChatRoom', 'Community'])

export const mentionsAllowedIn = (groupType: string | undefined) => !NO_MENTION_GROUP_TYPES.has(groupType ?? '')

/**
 * The @ list for `query`: yourself never, 'at all' first for roles other than Member (identity 1),
 * then members whose nick or userID starts with the query, ignoring case.
 */
export function filterMentionCandidates(
  members: readonly MentionCandidate[],
  query: string,
  options: { selfID: string; selfIdentity: number },
): MentionCandidate[] {
  const q = query.toLowerCase()
  const starts = (s: string) => s.toLowerCase().startsWith(q)
  const out = members.filter((m) => m.userID !== options.selfID && (starts(m.nick) || starts(m.userID)))
  if (options.selfIdentity > 1 && starts(AT_ALL_ENTRY.nick)) out.unshift(AT_ALL_ENTRY)
  return out
}

/** The @ being typed right before the caret: its position and the text after it, or null. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret)
  const at = before.lastIndexOf('@')
  if (at < 0) return null
  const query = before.slice(at + 1)
  if (/\s/.test(query) || query.length > 32) return null
  return { start: at, query }
}

/** Replaces the typed `@query` with `@nick ` and returns the new text and caret. */
export function insertMention(text: string, start: number, caret: number, nick: string): { text: string; caret: number } {
  const inserted = `@${nick} `
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length }
}

/** The userIDs still mentioned in the text when it is sent (a deleted '@nick' drops its user). */
export function mentionsInText(text: string, picked: ReadonlyArray<{ userID: string; nick: string }>): string[] {
  const ids = picked.filter((p) => text.includes(`@${p.nick}`)).map((p) => p.userID)
  return [...new Set(ids)]
}
