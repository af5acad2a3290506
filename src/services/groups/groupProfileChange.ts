import type { Conversation } from '@shared/chat'

type GroupProfile = NonNullable<Conversation['groupProfile']>

/**
 * What socket notice 5 changes in a conversation's copy of the group: the member count and, for a
 * group drawn as a mosaic of its members, the mosaic's avatars. Null when nothing changes, so the
 * list does not re-render for a settings change.
 */
export function groupProfileChange(profile: GroupProfile, count: number, memberAvatars?: readonly string[]): Partial<GroupProfile> | null {
  const patch: Partial<GroupProfile> = {}
  if (count >= 0 && profile.memberCount !== count) patch.memberCount = count
  if (memberAvatars && !sameList(profile.memberAvatars ?? [], memberAvatars)) patch.memberAvatars = [...memberAvatars]
  return Object.keys(patch).length > 0 ? patch : null
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i])
}
