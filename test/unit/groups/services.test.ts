import type { Conversation } from '@shared/chat'
import { ApplyStatus, GroupIdentity } from '@shared/group'
import type { GroupApi, GroupsService } from '@/services/groups'
import type { Messaging } from '@/services/messaging'
import { groupLink } from '@shared/group'
import { groupNumberFromQr, groupNumberFromQuery } from '@/services/groups/qr'
import type { AppStore } from '@/stores'
import { selectContactsBadge } from '@/stores/selectors/contacts'
import { conversation } from '../helpers/chatFixtures'
import { testApp } from '../helpers/testApp'
import { application, info } from './fixtures'

let useAppStore: AppStore
let applyNotice: Messaging['applyNotice']
let groupApi: GroupApi
let { applyGroupTip, refreshGroupUnread, editGroupField, loadPendingApplications, setJoinLevel } = {} as GroupsService
const s = () => useAppStore.getState()

function groupConversation(groupNumber: string, memberCount: number): Conversation {
  return conversation(`GROUPG${groupNumber}`, {
    groupProfile: { groupID: `G${groupNumber}`, groupNumber, name: '群', avatar: '', memberCount, isMember: true },
  })
}

const flush = () => new Promise((r) => setTimeout(r, 0))

beforeEach(() => {
  const app = testApp()
  useAppStore = app.store
  applyNotice = app.messaging.applyNotice
  groupApi = app.groups.api
  ;({ applyGroupTip, refreshGroupUnread, editGroupField, loadPendingApplications, setJoinLevel } = app.groups)
})

describe('socket notices of groups', () => {
  it('type 5 sets the member count and refetches a group shown on screen', async () => {
    s().upsertConversation(groupConversation('100001', 3))
    s().setGroupInfo(info('100001'))
    const fresh = { ...info('100001'), groupName: '新名字', groupMemberCount: 4 }
    const getInfo = jest.spyOn(groupApi, 'getInfoById').mockResolvedValue(fresh)
    applyNotice({ type: 5, count: 4, groupNumber: '100001' })
    expect(s().conversations['GROUPG100001']!.groupProfile!.memberCount).toBe(4)
    await flush()
    expect(getInfo).toHaveBeenCalledWith('100001', { silent: true })
    expect(s().groupInfos['100001']!.groupName).toBe('新名字')
  })

  it('type 5 gives a mosaic group its new member avatars and leaves an unchanged conversation alone', async () => {
    s().upsertConversation(groupConversation('100002', 2))
    applyNotice({ type: 5, count: 3, groupNumber: '100002', memberAvatars: ['/a', '/b', '/c'] })
    const profile = s().conversations['GROUPG100002']!.groupProfile!
    expect(profile).toMatchObject({ memberCount: 3, memberAvatars: ['/a', '/b', '/c'] })
    expect(s().groupChangeCounts['100002']).toBe(1)
    applyNotice({ type: 5, count: 3, groupNumber: '100002', memberAvatars: ['/a', '/b', '/c'] })
    expect(s().conversations['GROUPG100002']!.groupProfile).toBe(profile)
    await flush()
  })

  it('type 5 for a group not on screen fetches nothing', async () => {
    const getInfo = jest.spyOn(groupApi, 'getInfoById')
    applyNotice({ type: 5, count: 2, groupNumber: '100009' })
    await flush()
    expect(getInfo).not.toHaveBeenCalled()
  })

  it('type 4 sets the three counters and refreshes the applications of groups this user manages', async () => {
    s().setGroupInfo(info('100001', GroupIdentity.Admin))
    s().setGroupInfo(info('100002', GroupIdentity.Member))
    const list = jest.spyOn(groupApi, 'joinApplyList').mockResolvedValue({ rows: [application(7, '100001')], total: 1 })
    applyNotice({ type: 4, joinApplyUnRead: 1, otherUnRead: 2, selfApplyUnRead: 3 })
    expect(s().badges.groupNotice).toEqual({ joinApplyUnRead: 1, otherUnRead: 2, selfApplyUnRead: 3 })
    expect(selectContactsBadge(s())).toBe(6)
    await flush()
    expect(list).toHaveBeenCalledTimes(1)
    expect(list).toHaveBeenCalledWith({ groupNumber: '100001', pageNum: 1, pageSize: 100 })
    expect(s().pendingApplications['100001']!.map((a) => a.applyId)).toEqual([7])
  })

  it('reads one group\'s applications page by page until a handled one shows up', async () => {
    const pending = (from: number, n: number) => Array.from({ length: n }, (_, i) => application(from + i, '100001'))
    const handled = { ...application(999, '100001'), applyStatus: ApplyStatus.Agreed }
    const list = jest
      .spyOn(groupApi, 'joinApplyList')
      .mockResolvedValueOnce({ rows: pending(1, 100), total: 230 })
      .mockResolvedValueOnce({ rows: [...pending(101, 20), handled, ...Array.from({ length: 79 }, () => handled)], total: 230 })
    const rows = await loadPendingApplications('100001')
    expect(list).toHaveBeenCalledTimes(2)
    expect(list).toHaveBeenLastCalledWith({ groupNumber: '100001', pageNum: 2, pageSize: 100 })
    expect(rows).toHaveLength(120)
    expect(s().pendingApplications['100001']).toHaveLength(120)
  })
})

it('a profile tip renames the conversation at once', () => {
  s().upsertConversation(groupConversation('100001', 3))
  const tip = {
    ID: 't1', clientMsgId: 't1', type: 'TIMGroupTipElem', conversationID: 'GROUPG100001', conversationType: 'GROUP', from: '1', nick: '', nameCard: '', avatar: '', time: 1, sequence: 5,
    cloudCustomData: '', atUserList: [], needReadReceipt: false, isRevoked: false, revoker: '', hasRiskContent: false, readReceiptInfo: { readCount: 0, unreadCount: 0 },
    payload: { operationType: 6, operatorID: '1', userIDList: [], nickList: [], newGroupProfile: { groupName: '新群名' } },
  } as const
  applyGroupTip({ ...tip, payload: { ...tip.payload } } as never)
  expect(s().conversations['GROUPG100001']!.groupProfile!.name).toBe('新群名')
  applyGroupTip({ ...tip, payload: { ...tip.payload, operationType: 7, newGroupProfile: { groupName: 'x' } } } as never)
  expect(s().conversations['GROUPG100001']!.groupProfile!.name).toBe('新群名')
})

it('a mute tip about the reader sets their mute, and lifting it clears it', () => {
  s().setUser({ token: 't', wtId: '10001', imToken: 'i', avatar: '', nickName: 'me', vipLevel: 0, vipType: 0 } as never)
  s().upsertConversation(groupConversation('100001', 3))
  s().setGroupInfo(info('100001', GroupIdentity.Member))
  const tip = (muteTime: number) =>
    ({ type: 'TIMGroupTipElem', conversationID: 'GROUPG100001', time: 1000, payload: { operationType: 7, operatorID: '2', userIDList: ['10001'], nickList: [], muteTime } }) as never
  applyGroupTip(tip(600))
  expect(s().groupInfos['100001']!.selfMember.muteUntil).toBe(1600)
  applyGroupTip(tip(0))
  expect(s().groupInfos['100001']!.selfMember.muteUntil).toBe(0)
})

it('a kicked tip naming the reader ends the membership at once: the group change that follows reads nothing', async () => {
  s().setUser({ token: 't', wtId: '10001', imToken: 'i', avatar: '', nickName: 'me', vipLevel: 0, vipType: 0 } as never)
  s().upsertConversation(groupConversation('100001', 3))
  s().setGroupInfo(info('100001', GroupIdentity.Member))
  const getInfo = jest.spyOn(groupApi, 'getInfoById')
  const kicked = (ids: string[]) =>
    ({ type: 'TIMGroupTipElem', conversationID: 'GROUPG100001', time: 1000, payload: { operationType: 3, operatorID: '2', userIDList: ids, nickList: [] } }) as never
  applyGroupTip(kicked(['10002']))
  expect(s().conversations['GROUPG100001']!.groupProfile!.isMember).toBe(true)
  expect(s().groupInfos['100001']).toBeDefined()
  applyGroupTip(kicked(['10001']))
  expect(s().conversations['GROUPG100001']!.groupProfile!.isMember).toBe(false)
  expect(s().groupInfos['100001']).toBeUndefined()
  applyNotice({ type: 5, count: 2, groupNumber: '100001' })
  await flush()
  expect(s().conversations['GROUPG100001']!.groupProfile!.memberCount).toBe(2)
  expect(getInfo).not.toHaveBeenCalled()
})

it('reads the three counters on (re)connect', async () => {
  jest.spyOn(groupApi, 'noticeUnread').mockResolvedValue({ joinApplyUnRead: 2, otherUnRead: 0, selfApplyUnRead: 1 })
  await refreshGroupUnread()
  expect(s().badges.groupNotice).toEqual({ joinApplyUnRead: 2, otherUnRead: 0, selfApplyUnRead: 1 })
  expect(selectContactsBadge(s())).toBe(3)
})

describe('saving group settings', () => {
  it('sends only a changed value', async () => {
    s().setGroupInfo({ ...info('100001'), groupNotice: '旧公告', limitLevel: 5 })
    const edit = jest.spyOn(groupApi, 'edit').mockResolvedValue({ changed: true })
    const limit = jest.spyOn(groupApi, 'joinLimit').mockResolvedValue({ changed: true })
    expect(await editGroupField('100001', 'groupNotice', '旧公告')).toBe(true)
    expect(await setJoinLevel('100001', 5)).toBe(true)
    expect(edit).not.toHaveBeenCalled()
    expect(limit).not.toHaveBeenCalled()
    await editGroupField('100001', 'groupNotice', '新公告')
    expect(edit).toHaveBeenCalledWith({ groupNumber: '100001', groupNotice: '新公告' }, { silent: true })
    expect(s().groupInfos['100001']!.groupNotice).toBe('新公告')
    await setJoinLevel('100001', 0)
    expect(limit).toHaveBeenCalledWith({ groupNumber: '100001', limitLevel: 0 }, { silent: true })
  })

  it('a refused change keeps the old value and says 修改失败，请重试 when the server gives no reason', async () => {
    s().setGroupInfo(info('100001'))
    jest.spyOn(groupApi, 'edit').mockRejectedValue(new Error('x'))
    expect(await editGroupField('100001', 'groupName', '别的')).toBe(false)
    expect(s().groupInfos['100001']!.groupName).toBe('群')
    expect(s().toasts.map((t) => t.message)).toContain('修改失败，请重试')
  })
})

it('reads a group number from the group QR text or a join link', () => {
  expect(groupNumberFromQr('wtgroup:100001')).toBe('100001')
  expect(groupNumberFromQr('https://x.example/messages?joinGroup=100002')).toBe('100002')
  expect(groupNumberFromQr('https://x.example/messages?qrLogin=abc')).toBeNull()
  expect(groupNumberFromQr('wtgroup:12')).toBeNull()
  expect(groupNumberFromQr(groupLink('https://chat.example', '100003'))).toBe('100003')
})

it('reads the group a page address names, ignoring anything that is not a group number', () => {
  expect(groupNumberFromQuery({ joinGroup: '100004' })).toBe('100004')
  expect(groupNumberFromQuery({ joinGroup: 'abc' })).toBeNull()
  expect(groupNumberFromQuery({ conversationID: 'C2C1' })).toBeNull()
})
