import { GroupEditKeys, type GroupEditBody, type GroupEditKey } from '../../../../types/group.js'

/** A group field a settings change may write: the `edit` keys, the welcome message and the join level. */
export type GroupField = GroupEditKey | 'groupWelcomeMsg' | 'limitLevel'

/** Profile fields everyone sees change as a tip (op 6); the rest are settings of the management screens. */
export const PROFILE_TIP: Partial<Record<GroupEditKey, (v: unknown) => Record<string, unknown>>> = {
  groupName: (v) => ({ groupName: v }),
  groupAvatar: (v) => ({ groupAvatar: v }),
  groupNotice: (v) => ({ groupNotice: v }),
  bannedSwitch: (v) => ({ muteAllMembers: v === 1 }),
}

/** The one key of an `edit` body (the schema guarantees exactly one). */
export function editedField(body: GroupEditBody): { key: GroupEditKey; value: string | number } {
  const key = GroupEditKeys.find((k) => body[k] !== undefined)!
  return { key, value: body[key]! }
}
