import { act, fireEvent, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { ActionStatus, ApplySource, BlackStatus, FriendsStatus, type FriendInfo } from '@shared/friends'
import type { GroupMemberDetail } from '@shared/group'
import MemberContact from '@/components/group/MemberContact'
import type { App } from '@/root/createApp'
import type { ContactsApi } from '@/services/contacts'
import type { AppStore } from '@/stores'
import { ignoreTaroFieldWatchErrors } from '../conversation/fixtures'
import { renderInApp, mockMethods, testApp } from '../helpers/testApp'
import { member } from './fixtures'

let app: App
let useAppStore: AppStore
let mockedApi: jest.Mocked<ContactsApi>
const render = (ui: ReactElement) => renderInApp(app, ui)

const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  })

function profile(change: Partial<FriendInfo>): FriendInfo {
  return {
    wtId: '10000002',
    nickName: '李四',
    avatar: '',
    bio: '',
    remark: '',
    friendsStatus: FriendsStatus.NotFriend,
    ownerBlackStatus: BlackStatus.No,
    actionStatus: ActionStatus.Active,
    applySource: 0,
    commonGroupCount: 1,
    friendsSpaceStatus: 0,
    mineSpaceStatus: 0,
    tagNameList: [],
    userType: 0,
    applying: false,
    isSelf: false,
    ...change,
  } as FriendInfo
}

const detail = (canAddFriend: boolean): GroupMemberDetail => ({
  ...member('10000002'),
  lastSendMsgTime: 0,
  inviterUserName: '',
  inviterWtId: '',
  memberProtectSwitch: canAddFriend ? 0 : 1,
  canAddFriend,
})

beforeEach(() => {
  app = testApp()
  useAppStore = app.store
  mockedApi = mockMethods(app.contacts.api) as jest.Mocked<ContactsApi>
  ignoreTaroFieldWatchErrors()
  useAppStore.setState({ user: { token: 't', wtId: '10000001', imToken: 'i', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 } })
  mockedApi.applyFriend.mockResolvedValue(null)
  mockedApi.tagsOfUser.mockResolvedValue([{ id: 7, tagName: '同事', tagStatus: 1 } as never])
})

test('a stranger in the group is added with applySource 5, the group and the default group reason', async () => {
  mockedApi.friendInfo.mockResolvedValue({ data: profile({}) } as never)
  render(<MemberContact member={detail(true)} groupID='G100001' groupName='读书会' />)
  await flush()
  expect(screen.queryByTestId('group-member-remark-edit')).toBeNull()
  fireEvent.click(screen.getByTestId('group-member-add'))
  await flush()
  const reason = screen.getByTestId('apply-reason').querySelector('input') ?? screen.getByTestId('apply-reason')
  expect((reason as HTMLInputElement).value).toBe('我是群聊“读书会”的张三')
  fireEvent.click(screen.getByTestId('apply-send'))
  await flush()
  expect(mockedApi.applyFriend).toHaveBeenCalledWith({ applyWtId: '10000002', applySource: ApplySource.Group, applyInfo: '我是群聊“读书会”的张三', groupID: 'G100001' })
  expect(screen.getByTestId('group-member-applied')).toBeTruthy()
})

test('member protection: no add button, a notice instead; recommending stays', async () => {
  mockedApi.friendInfo.mockResolvedValue({ data: profile({}) } as never)
  render(<MemberContact member={detail(false)} groupID='G100001' groupName='读书会' />)
  await flush()
  expect(screen.queryByTestId('group-member-add')).toBeNull()
  expect(screen.getByTestId('group-member-protected')).toBeTruthy()
  fireEvent.click(screen.getByTestId('group-member-recommend'))
  await flush()
  expect(screen.getByTestId('recommend-dialog')).toBeTruthy()
})

test('a friend shows remark and tags and opens the contacts remark and tag editor', async () => {
  mockedApi.friendInfo.mockResolvedValue({ data: profile({ friendsStatus: FriendsStatus.Friend, remark: '老李', tagNameList: ['同事'] }) } as never)
  render(<MemberContact member={detail(false)} groupID='G100001' groupName='读书会' />)
  await flush()
  expect(screen.getByTestId('group-member-remark').textContent).toBe('老李')
  expect(screen.getByTestId('group-member-tags').textContent).toBe('同事')
  expect(screen.queryByTestId('group-member-protected')).toBeNull()
  fireEvent.click(screen.getByTestId('group-member-remark-edit'))
  await flush()
  expect(screen.getByTestId('remark-tag-dialog')).toBeTruthy()
  expect(mockedApi.tagsOfUser).toHaveBeenCalledWith('10000002')
})
