import type { FriendApplication } from '@shared/friends'
import type { ContactsApi, ContactsService } from '@/services/contacts'
import { notifications } from '@/platform/notifications'
import { ApiError } from '@/services/api/errors'
import type { AppStore } from '@/stores'
import { message } from '../helpers/chatFixtures'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import { mockMethods, testApp } from '../helpers/testApp'

jest.mock('@/platform/notifications', () => ({ notifications: { show: jest.fn(), supported: () => true, permission: () => 'granted' } }))
let engine: FakeChatEngine
let useAppStore: AppStore
let mockedApi: jest.Mocked<ContactsApi>
let { acceptApplication, removeFriend, saveFriendRemark, saveUserTags, setBlacklisted, submitReport, bindContacts, unbindContacts } = {} as ContactsService

const s = () => useAppStore.getState()
const toastTexts = () => s().toasts.map((t) => `${t.type}:${t.message}`)
const flush = () => new Promise((r) => setTimeout(r, 0))
const application: FriendApplication = { applyWtId: '10000002', applyNickName: '李四', applyAvatar: '', applyStatus: 0, applySource: 1, applyInfo: '你好', createTime: 1, isRead: false }
const contactMessage = message({ conversationID: 'C2C10000002', sequence: 1 })

beforeEach(() => {
  engine = new FakeChatEngine()
  const app = testApp(engine)
  useAppStore = app.store
  mockedApi = mockMethods(app.contacts.api) as jest.Mocked<ContactsApi>
  ;({ acceptApplication, removeFriend, saveFriendRemark, saveUserTags, setBlacklisted, submitReport, bindContacts, unbindContacts } = app.contacts)
  useAppStore.setState({ user: { token: 't', wtId: '10000001', imToken: 'i', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 } })
  mockedApi.friendList.mockResolvedValue([])
  mockedApi.tagList.mockResolvedValue([])
  mockedApi.blacklist.mockResolvedValue([])
  mockedApi.applicationUnread.mockResolvedValue({ count: 0 })
})
afterEach(() => unbindContacts())

test('a live application sets the badge, joins the list and raises 你有新的好友申请', () => {
  bindContacts()
  engine.emit('contacts', { type: 'friendApply', application, unreadCount: 3 })
  expect(s().badges.friendApply).toBe(3)
  expect(s().applications).toEqual([application])
  expect(notifications.show).toHaveBeenCalledWith('微谈', '你有新的好友申请', expect.objectContaining({ tag: 'friend-apply' }))
  // A count alone (read on another device) changes only the badge.
  engine.emit('contacts', { type: 'friendApply', application: null, unreadCount: 0 })
  expect(s().badges.friendApply).toBe(0)
  expect(notifications.show).toHaveBeenCalledTimes(1)
})

test('a friend list change and every (re)connect reload the friend list', async () => {
  bindContacts()
  mockedApi.friendList.mockResolvedValue([{ wtId: '10000002', nickName: '李四', remark: '', avatar: '', tagNameList: [], actionStatus: 0 }])
  engine.emit('contacts', { type: 'friendChange', change: 'added', wtId: '10000002' })
  await flush()
  expect(s().friends.map((f) => f.wtId)).toEqual(['10000002'])
  mockedApi.applicationUnread.mockResolvedValue({ count: 2 })
  engine.emit('ready', undefined)
  await flush()
  expect(s().badges.friendApply).toBe(2)
  expect(mockedApi.friendList).toHaveBeenCalledTimes(2)
})

test('remark: 修改成功 only on success; the profile and the list word the failure differently', async () => {
  mockedApi.updateRemark.mockResolvedValueOnce(null)
  s().setFriends([{ wtId: '10000002', nickName: '李四', remark: '', avatar: '', tagNameList: [], actionStatus: 0 }])
  expect(await saveFriendRemark('10000002', ' 老李 ', 'profile')).toBe(true)
  expect(s().friends[0]!.remark).toBe('老李')
  mockedApi.updateRemark.mockRejectedValueOnce(new ApiError(500, 'x', false))
  expect(await saveFriendRemark('10000002', 'a', 'profile')).toBe(false)
  mockedApi.updateRemark.mockRejectedValueOnce(new ApiError(500, 'x', false))
  expect(await saveFriendRemark('10000002', 'a', 'list')).toBe(false)
  expect(toastTexts()).toEqual(['success:修改成功', 'error:修改备注失败，请重试', 'error:修改失败，请重试'])
})

test('tags: new tags are created and set with the chosen ones; failure says 修改标签失败，请重试', async () => {
  mockedApi.addTag.mockResolvedValueOnce({ id: 7, tagName: '同学', tagStatus: 0, userCount: 0 })
  mockedApi.setUserTags.mockResolvedValueOnce(null)
  expect(await saveUserTags('10000002', [3], ['同学'])).toBe(true)
  expect(mockedApi.setUserTags).toHaveBeenCalledWith('10000002', [3, 7])
  mockedApi.setUserTags.mockRejectedValueOnce(new ApiError(404, '标签不存在', false))
  expect(await saveUserTags('10000002', [9])).toBe(false)
  expect(toastTexts()).toEqual(['success:修改成功', 'error:修改标签失败，请重试'])
})

test('accepting adds the friend and announces it in the chat', async () => {
  s().setApplications([application])
  mockedApi.handleApplication.mockResolvedValueOnce({ ...application, applyStatus: 1 })
  mockedApi.sendContactMessage.mockResolvedValueOnce(contactMessage)
  mockedApi.friendList.mockResolvedValue([{ wtId: '10000002', nickName: '李四', remark: '', avatar: '', tagNameList: [], actionStatus: 0 }])
  expect(await acceptApplication('10000002')).toBe(true)
  expect(mockedApi.handleApplication).toHaveBeenCalledWith({ applyWtId: '10000002', handleStatus: 1 })
  expect(s().applications[0]!.applyStatus).toBe(1)
  expect(s().friends).toHaveLength(1)
  expect(mockedApi.sendContactMessage).toHaveBeenCalledWith('10000001', '10000002', 'CustomMsg_Type_addFriend')
})

test('blacklist toasts, and deleting a friend drops the conversation and its messages', async () => {
  mockedApi.addToBlacklist.mockResolvedValueOnce({ ownerBlackStatus: 1 })
  mockedApi.removeFromBlacklist.mockResolvedValueOnce({ ownerBlackStatus: 0 })
  mockedApi.sendContactMessage.mockResolvedValue(contactMessage)
  expect(await setBlacklisted('10000002', true)).toBe(1)
  expect(await setBlacklisted('10000002', false)).toBe(0)
  mockedApi.deleteFriend.mockResolvedValueOnce(null)
  s().setFriends([{ wtId: '10000002', nickName: '李四', remark: '', avatar: '', tagNameList: [], actionStatus: 0 }])
  s().mergeMessages('C2C10000002', [])
  expect(await removeFriend('10000002')).toBe(true)
  expect(s().friends).toEqual([])
  expect(s().messages['C2C10000002']).toBeUndefined()
  expect(toastTexts()).toEqual(['success:已拉黑对方', 'success:取消拉黑成功', 'success:删除好友成功'])
})

test('a report sends the joined pictures and can also block; failures say 举报失败，请重试', async () => {
  mockedApi.addComplaint.mockResolvedValueOnce({ id: 1 })
  mockedApi.addToBlacklist.mockResolvedValueOnce({ ownerBlackStatus: 1 })
  mockedApi.sendContactMessage.mockResolvedValue(contactMessage)
  const input = { target: { id: '10000002', type: 0 as const }, complaintType: '1', complaintDetail: ' 骚扰 ', imageUrls: ['/a.png', '/b.png'], alsoBlock: true }
  expect(await submitReport(input)).toBe(true)
  expect(mockedApi.addComplaint).toHaveBeenCalledWith({ complaintDetail: '骚扰', complaintImage: '/a.png,/b.png', complaintType: '1', targetId: '10000002', type: 0 })
  expect(mockedApi.addToBlacklist).toHaveBeenCalledWith('10000002')
  mockedApi.addComplaint.mockRejectedValueOnce(new ApiError(400, 'x', false))
  expect(await submitReport({ ...input, alsoBlock: false })).toBe(false)
  expect(toastTexts()).toEqual(['success:感谢你的反馈，我们会尽快核实', 'success:已拉黑对方', 'error:举报失败，请重试'])
})
