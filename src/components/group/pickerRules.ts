import { isSystemUserID } from '@/components/conversation/conversationInfo'
import { mergeEntries, type PickerEntry } from './pickerEntries'

/**
 * The selection rules of the transfer picker (spec 4 "Transfer picker"), as pure functions so
 * every caller (group creation, forwarding, recommending a friend) behaves the same.
 */

/** Spec 3 "Transfer-picker entry": entries with system IDs are dropped. */
export function withoutSystemEntries(entries: readonly PickerEntry[]): PickerEntry[] {
  return entries.filter((e) => !isSystemUserID(e.id))
}

/** Selecting toggles membership; single choice replaces the previous pick; disabled entries never change. */
export function toggleEntry(selected: readonly PickerEntry[], entry: PickerEntry, single = false): PickerEntry[] {
  if (entry.isDisabled) return [...selected]
  if (selected.some((e) => e.id === entry.id)) return selected.filter((e) => e.id !== entry.id)
  return single ? [entry] : [...selected, entry]
}

export function selectableEntries(visible: readonly PickerEntry[]): PickerEntry[] {
  return visible.filter((e) => !e.isDisabled)
}

/** 'Select all' appears when more than one entry is selectable and the mode is not single choice. */
export function canSelectAll(visible: readonly PickerEntry[], single = false): boolean {
  return !single && selectableEntries(visible).length > 1
}

export function allSelected(visible: readonly PickerEntry[], selected: readonly PickerEntry[]): boolean {
  const ids = new Set(selected.map((e) => e.id))
  const selectable = selectableEntries(visible)
  return selectable.length > 0 && selectable.every((e) => ids.has(e.id))
}

/** Select all adds every selectable visible entry; when they are all selected already it removes them. */
export function toggleAllEntries(visible: readonly PickerEntry[], selected: readonly PickerEntry[]): PickerEntry[] {
  const selectable = selectableEntries(visible)
  if (allSelected(visible, selected)) {
    const ids = new Set(selectable.map((e) => e.id))
    return selected.filter((e) => !ids.has(e.id))
  }
  return mergeEntries(selected, selectable)
}

/** The Done button is active only with at least one selection. */
export function canFinish(selected: readonly PickerEntry[]): boolean {
  return selected.length > 0
}
