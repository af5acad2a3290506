import type { LoginResult } from '@shared/auth'
import { createAppStore, type AppStore } from '@/stores'
import { selectContactsBadge } from '@/stores/selectors/contacts'

let useAppStore: AppStore

const USER: LoginResult = { token: 't', wtId: '1', imToken: 's', avatar: '', nickName: 'n', vipLevel: 1, vipType: 1 }

beforeEach(() => {
  useAppStore = createAppStore()
})

test('contacts counts group notifications plus friend applications', () => {
  const s = () => useAppStore.getState()
  s().setGroupNoticeUnread({ joinApplyUnRead: 2, otherUnRead: 3, selfApplyUnRead: 1 })
  expect(selectContactsBadge(s())).toBe(6)
  s().setFriendApplyUnread(4)
  expect(selectContactsBadge(s())).toBe(10)
  s().setGroupNoticeUnread({ joinApplyUnRead: 0, otherUnRead: 0, selfApplyUnRead: 0 })
  expect(selectContactsBadge(s())).toBe(4)
  s().setMessagesUnread(-2)
  expect(s().badges.messages).toBe(0)
})

test('clearing the session keeps toasts but drops the user and the counters', () => {
  const s = () => useAppStore.getState()
  s().setUser(USER)
  s().setTwoFactor({ ticket: 'x', tips: null })
  s().setImReady(true)
  s().setMomentsCount(3)
  s().bumpTopMessageVersion()
  s().pushToast({ id: 1, type: 'info', message: 'm', duration: 0, showClose: false, leaving: false })
  s().clearSession()
  expect(s()).toMatchObject({ user: null, userInfo: null, userConfig: null, twoFactor: null, imReady: false, topMessageVersion: 0 })
  expect(s().badges.moments).toBe(0)
  expect(s().toasts).toHaveLength(1)
})

test('patchUser changes only the profile fields of a logged-in user', () => {
  const s = () => useAppStore.getState()
  s().patchUser({ nickName: 'x' })
  expect(s().user).toBeNull()
  s().setUser(USER)
  s().patchUser({ nickName: '新名字', vipLevel: 5 })
  expect(s().user).toEqual({ ...USER, nickName: '新名字', vipLevel: 5 })
})

test('a new store starts from the start-up state', () => {
  useAppStore.getState().setUser(USER)
  useAppStore.getState().setLoadingBar('error')
  useAppStore = createAppStore()
  expect(useAppStore.getState().user).toBeNull()
  expect(useAppStore.getState().loadingBar).toBe('idle')
})
