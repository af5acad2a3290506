import { GROUP_TYPES } from '../../../../types/group.js'

/** How many members a group of this type may have. */
export function capacityOf(groupType: string): number {
  return GROUP_TYPES.find((t) => t.type === groupType)?.maxMembers ?? 2000
}
