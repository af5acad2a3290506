import type { SelectMode } from './SelectMembersPanel'

export type TextField = 'name' | 'notice' | 'nickname' | 'remark' | 'welcome'

/** The sub-panels that slide over the group panel's views. */
export type SubPanel =
  | { kind: 'text'; field: TextField }
  | { kind: 'avatar' }
  | { kind: 'qr' }
  | { kind: 'joinLevel' }
  | { kind: 'select'; mode: SelectMode }
  | { kind: 'admins' }
  | { kind: 'muted' }
  | { kind: 'blacklist' }
  | { kind: 'robots' }
