import { ApplyStatus, GroupIdentity } from '@shared/group'
import { createAppStore, type AppStore } from '@/stores'
import { application, info, member } from './fixtures'

let useAppStore: AppStore

const s = () => useAppStore.getState()

beforeEach(() => {
  useAppStore = createAppStore()
})

describe('groups slice', () => {
  it('page 1 replaces the member list, later pages append the members not held', () => {
    s().putMemberPage('100001', [member('1'), member('2')], 4, 1)
    s().putMemberPage('100001', [member('2'), member('3')], 4, 2)
    expect(s().groupMembers['100001']!.members.map((m) => m.wtId)).toEqual(['1', '2', '3'])
    expect(s().groupMembers['100001']!.pageNum).toBe(2)
    s().putMemberPage('100001', [member('9')], 1, 1)
    expect(s().groupMembers['100001']!.members.map((m) => m.wtId)).toEqual(['9'])
  })

  it('removing members lowers the total; patching changes only the named ones', () => {
    s().putMemberPage('100001', [member('1'), member('2'), member('3')], 3, 1)
    s().patchMembers('100001', ['2'], { identity: GroupIdentity.Admin })
    s().removeMembers('100001', ['3'])
    const list = s().groupMembers['100001']!
    expect(list.total).toBe(2)
    expect(list.members.map((m) => [m.wtId, m.identity])).toEqual([
      ['1', 1],
      ['2', 2],
    ])
  })

  it('a handled application leaves every pending list', () => {
    s().setPendingApplications('100001', [application(1, '100001'), application(2, '100001')])
    s().dropApplication(1)
    expect(s().pendingApplications['100001']!.map((a) => a.applyId)).toEqual([2])
  })

  it('notice pages: page 1 replaces, later pages append', () => {
    s().putNoticePage('joinApply', [application(1, '1'), application(2, '1')], 3, 1)
    s().putNoticePage('joinApply', [application(3, '1')], 3, 2)
    expect(s().groupNoticeLists.joinApply.rows).toHaveLength(3)
    s().patchNoticeRow('joinApply', 2, { applyStatus: ApplyStatus.Agreed })
    expect(s().groupNoticeLists.joinApply.rows[1]!.applyStatus).toBe(ApplyStatus.Agreed)
    s().putNoticePage('joinApply', [application(5, '1')], 1, 1)
    expect(s().groupNoticeLists.joinApply.rows.map((r) => r.applyId)).toEqual([5])
  })

  it('forgetting a group drops its info, members and applications; logout clears the notices', () => {
    s().setGroupInfo(info('100001'))
    s().putMemberPage('100001', [member('1')], 1, 1)
    s().setPendingApplications('100001', [application(1, '100001')])
    s().forgetGroup('100001')
    expect(s().groupInfos['100001']).toBeUndefined()
    expect(s().groupMembers['100001']).toBeUndefined()
    expect(s().pendingApplications['100001']).toBeUndefined()
    s().putNoticePage('others', [], 4, 1)
    s().clearSession()
    expect(s().groupNoticeLists.others.total).toBe(0)
  })
})
