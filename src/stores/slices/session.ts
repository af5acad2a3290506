import type { StateCreator } from 'zustand'
import type { LoginResult, UserConfig, UserInfo } from '@shared/auth'
import type { AppState } from '../appState'
import { emptyBadges } from './badges'
import { contactsInitial } from './contacts'
import { conversationsInitial } from './conversations'
import { favoritesInitial } from './favorites'
import { groupsInitial } from './groups'
import { messagesInitial } from './messages'
import { momentsInitial } from './moments'
import { conversationGroupsInitial } from './conversationGroups'

/** The pending second login step: the ticket from the 712 answer and, once asked for, the hint. */
export interface TwoFactorState {
  ticket: string
  tips: string | null
}

/** The profile fields GET /user/info refreshes on the login result (spec section 7). */
export type ProfilePatch = Partial<Pick<LoginResult, 'avatar' | 'nickName' | 'vipLevel' | 'vipType'>>

export interface SessionSlice {
  user: LoginResult | null
  userInfo: UserInfo | null
  userConfig: UserConfig | null
  twoFactor: TwoFactorState | null
  /** The messaging service is logged in and its channel is up. */
  imReady: boolean
  setUser(user: LoginResult | null): void
  patchUser(patch: ProfilePatch): void
  setUserInfo(info: UserInfo | null): void
  setUserConfig(config: UserConfig | null): void
  setTwoFactor(twoFactor: TwoFactorState | null): void
  setImReady(ready: boolean): void
  /** Logout (spec 4 "Login"): user, config, ticket, the per-user counters and the chat lists go. */
  clearSession(): void
}

export const sessionInitial = {
  user: null,
  userInfo: null,
  userConfig: null,
  twoFactor: null,
  imReady: false,
} satisfies Partial<SessionSlice>

export const createSessionSlice: StateCreator<AppState, [], [], SessionSlice> = (set) => ({
  ...sessionInitial,
  setUser: (user) => set({ user }),
  patchUser: (patch) => set((s) => (s.user ? { user: { ...s.user, ...patch } } : {})),
  setUserInfo: (userInfo) => set({ userInfo }),
  setUserConfig: (userConfig) => set({ userConfig }),
  setTwoFactor: (twoFactor) => set({ twoFactor }),
  setImReady: (imReady) => set({ imReady }),
  clearSession: () =>
    set({ ...sessionInitial, badges: emptyBadges(), topMessageVersion: 0, ...conversationsInitial, ...messagesInitial, ...contactsInitial, ...groupsInitial, ...favoritesInitial, ...momentsInitial, ...conversationGroupsInitial }),
})
