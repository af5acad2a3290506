import { GROUP_TYPES, type GroupType } from '@shared/group'
import work from './icons/types/group-work.svg'
import publicGroup from './icons/types/group-public.svg'
import meeting from './icons/types/group-meeting.svg'
import live from './icons/types/group-live.svg'
import community from './icons/types/group-community.svg'

const ICONS: Record<string, string> = {
  'group-work': work,
  'group-public': publicGroup,
  'group-meeting': meeting,
  'group-live': live,
  'group-community': community,
}

/** The image of a group type; the contract names it by an icon key. */
export function groupTypeIcon(type: GroupType): string {
  return ICONS[GROUP_TYPES.find((t) => t.type === type)?.icon ?? 'group-work'] ?? work
}

export function groupTypeLabel(type: GroupType): string {
  return GROUP_TYPES.find((t) => t.type === type)?.label ?? ''
}
