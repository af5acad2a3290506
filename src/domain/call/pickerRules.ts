import { CALL_LIMITS } from '@shared/call'

/** The invite member picker's rules (calling-widget sections 2 and 5). */

export interface Candidate {
  userID: string
  nick: string
  avatar: string
  /** Already on the call: shown, not selectable. */
  isDisabled: boolean
}

/** Substring match on user ID or nickname. */
export function searchCandidates(list: Candidate[], text: string): Candidate[] {
  const q = text.trim().toLowerCase()
  if (!q) return list
  return list.filter((c) => c.userID.toLowerCase().includes(q) || c.nick.toLowerCase().includes(q))
}

/** Select-all is offered only with more than one entry and not in single-choice mode. */
export const showSelectAll = (list: Candidate[], singleChoice: boolean) => !singleChoice && list.length > 1

export type ToggleResult = { ok: true; selected: string[] } | { ok: false; reason: 'disabled' | 'max' }

/** Picks or unpicks one candidate; at most 8 picked. */
export function toggleCandidate(selected: string[], c: Candidate, singleChoice: boolean, max: number = CALL_LIMITS.invitePickerMax): ToggleResult {
  if (c.isDisabled) return { ok: false, reason: 'disabled' }
  if (selected.includes(c.userID)) return { ok: true, selected: selected.filter((id) => id !== c.userID) }
  if (singleChoice) return { ok: true, selected: [c.userID] }
  if (selected.length >= max) return { ok: false, reason: 'max' }
  return { ok: true, selected: [...selected, c.userID] }
}

/** Select-all picks the selectable entries shown, up to the limit; when all are picked it clears them. */
export function toggleAll(selected: string[], shown: Candidate[], max: number = CALL_LIMITS.invitePickerMax): ToggleResult {
  const selectable = shown.filter((c) => !c.isDisabled).map((c) => c.userID)
  if (selectable.length > 0 && selectable.every((id) => selected.includes(id))) return { ok: true, selected: selected.filter((id) => !selectable.includes(id)) }
  const merged = [...new Set([...selected, ...selectable])]
  if (merged.length > max) return { ok: false, reason: 'max' }
  return { ok: true, selected: merged }
}

/** 'View more' while the group has more members than loaded. */
export const hasMore = (loaded: number, total: number) => total > loaded
