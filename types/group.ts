import { z } from 'zod'

/** Chat group names: at most 16 characters in the chat dialogs (spec section 9). */
export const GROUP_NAME_MAX = 16
export const GROUP_NOTICE_MAX = 3000

export const GroupIdentity = { Member: 1, Admin: 2, Owner: 3 } as const
export type GroupIdentity = (typeof GroupIdentity)[keyof typeof GroupIdentity]

/** Leave codes of group tips: removed by an admin, dissolved, left. */
export const LeaveCode = { Removed: 4, Dissolved: 5, Left: 8 } as const

export const GroupCreateBody = z.object({
  groupName: z.string().trim().min(1, '请输入群名称').max(GROUP_NAME_MAX, `群名称不能超过${GROUP_NAME_MAX}个字`),
  groupNotice: z.string().max(GROUP_NOTICE_MAX, `群公告不能超过${GROUP_NOTICE_MAX}个字`).default(''),
  groupAvatar: z.string().max(2048).default(''),
  wtIds: z.array(z.string().regex(/^\d{5,12}$/)).min(1, '请选择群成员').max(499),
})
export type GroupCreateBody = z.infer<typeof GroupCreateBody>

export interface GroupCreateResult {
  txGroupid: string
  groupNumber: string
}

export interface GroupListItem {
  groupID: string
  txGroupid: string
  groupNumber: string
  groupName: string
  groupAvatar: string
  groupNotice: string
  groupMemberCount: number
  identity: GroupIdentity
}
