import { z } from 'zod'

export const SearchByIdBody = z.object({ searchId: z.string().trim().min(1, '请输入ID或手机号').max(32) })

/** Spec section 3 "Search result": a user (type 1) or a group (type 2). */
export interface SearchResult {
  wtId: string
  name: string
  avatar: string
  type: 1 | 2
  /** 0 ordinary user, 1 official account. */
  userType: number
  groupNumber: string
  /** Users: how the search matched, the applySource of a friend request from here (1 ID, 2 phone); groups: 0. */
  applySource?: 0 | 1 | 2
}
