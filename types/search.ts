import { z } from 'zod'

export const SearchByIdBody = z.object({ searchId: z.string().trim().min(1, '请输入ID或手机号').max(32) })

/** Spec section 3 "Search result": a user (type 1) or a group (type 2). */
export const SearchResult = z.object({
  wtId: z.string(),
  name: z.string(),
  avatar: z.string(),
  type: z.literal([1, 2]),
  /** 0 ordinary user, 1 official account. */
  userType: z.number().int(),
  groupNumber: z.string(),
  /** Users: how the search matched, the applySource of a friend request from here (1 ID, 2 phone); groups: 0. */
  applySource: z.literal([0, 1, 2]).optional(),
  /** Groups without an uploaded avatar: up to 9 members' avatars for the mosaic, as in a conversation's groupProfile. */
  memberAvatars: z.array(z.string()).max(9).optional(),
})
export type SearchResult = z.infer<typeof SearchResult>
