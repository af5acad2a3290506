import { act, fireEvent, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { GroupIdentity, GroupType, JoinMode, type GroupCard } from '@shared/group'
import ApplyDrawer, { ROW_REMOVAL_MS } from '@/components/group/ApplyDrawer'
import GroupCardDialog from '@/components/group/GroupCardDialog'
import GroupNotices from '@/components/group/notices/GroupNotices'
import { openingNoticeTab } from '@/components/group/notices/noticeTabs'
import MemberGrid, { MEMBER_PREVIEW_COUNT } from '@/components/group/panel/MemberGrid'
import { SwitchRow, TOGGLE_COOLDOWN_MS } from '@/components/group/panel/PanelParts'
import type { App } from '@/root/createApp'
import type { GroupApi } from '@/services/groups'
import type { AppStore } from '@/stores'
import { emptyMemberList } from '@/stores/slices/groups'
import { ignoreTaroFieldWatchErrors } from '../conversation/fixtures'
import { renderInApp, testApp } from '../helpers/testApp'
import { application, member } from './fixtures'

let app: App
let useAppStore: AppStore
let groupApi: GroupApi
const render = (ui: ReactElement) => renderInApp(app, ui)

beforeEach(() => {
  app = testApp()
  useAppStore = app.store
  groupApi = app.groups.api
  ignoreTaroFieldWatchErrors()
  jest.useFakeTimers()
})
afterEach(() => jest.useRealTimers())

const flush = () => act(async () => {
  await Promise.resolve()
  await Promise.resolve()
})

describe('join-application drawer', () => {
  it('Agree takes the row out after 150 ms, the count follows, and the drawer closes once empty', async () => {
    const apps = [application(1, '100001'), application(2, '100001')]
    jest.spyOn(groupApi, 'joinApplyList').mockResolvedValue({ rows: apps, total: 2 })
    const audit = jest.spyOn(groupApi, 'audit').mockResolvedValue(null)
    const onClose = jest.fn()
    render(<ApplyDrawer groupNumber='100001' open onClose={onClose} />)
    await flush()
    expect(screen.getAllByTestId('group-apply-row')).toHaveLength(2)
    expect(screen.getByTestId('group-apply-title').textContent).toContain('入群申请 (2)')

    fireEvent.click(screen.getAllByTestId('group-apply-agree')[0]!)
    await flush()
    expect(audit).toHaveBeenCalledWith({ applyId: 1, handleAction: 'Agree' }, { silent: true })
    // Still there while it fades out.
    expect(screen.getAllByTestId('group-apply-row')).toHaveLength(2)
    await act(async () => {
      jest.advanceTimersByTime(ROW_REMOVAL_MS)
    })
    expect(screen.getAllByTestId('group-apply-row')).toHaveLength(1)
    expect(screen.getByTestId('group-apply-title').textContent).toContain('入群申请 (1)')
    expect(onClose).not.toHaveBeenCalled()

    fireEvent.click(screen.getByTestId('group-apply-reject'))
    await flush()
    expect(audit).toHaveBeenLastCalledWith({ applyId: 2, handleAction: 'Reject' }, { silent: true })
    await act(async () => {
      jest.advanceTimersByTime(ROW_REMOVAL_MS)
    })
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('a refused handling keeps the row', async () => {
    jest.spyOn(groupApi, 'joinApplyList').mockResolvedValue({ rows: [application(1, '100001')], total: 1 })
    jest.spyOn(groupApi, 'audit').mockRejectedValue(new Error('no'))
    render(<ApplyDrawer groupNumber='100001' open onClose={() => undefined} />)
    await flush()
    fireEvent.click(screen.getByTestId('group-apply-agree'))
    await flush()
    await act(async () => {
      jest.advanceTimersByTime(ROW_REMOVAL_MS * 2)
    })
    expect(screen.getAllByTestId('group-apply-row')).toHaveLength(1)
  })
})

describe('member grid', () => {
  const list = () => {
    const members = [member('10000001', GroupIdentity.Owner), member('10000002', GroupIdentity.Admin), ...Array.from({ length: 10 }, (_, i) => member(`1000010${i}`))]
    return { ...emptyMemberList(), members, total: 12, pageNum: 1 }
  }

  it('previews 8 members with the invite and remove slots, labels roles, and expands to all', () => {
    render(<MemberGrid groupNumber='100001' list={list()} canInvite canRemove onInvite={() => undefined} onRemove={() => undefined} onMember={() => undefined} />)
    expect(screen.getAllByTestId('group-member')).toHaveLength(MEMBER_PREVIEW_COUNT)
    expect(screen.getByTestId('group-invite-slot')).toBeTruthy()
    expect(screen.getByTestId('group-remove-slot')).toBeTruthy()
    expect(screen.getAllByTestId('group-member-role').map((el) => el.textContent)).toEqual(['群主', '管理员'])
    fireEvent.click(screen.getByTestId('group-member-expand'))
    expect(screen.getAllByTestId('group-member')).toHaveLength(12)
    expect(screen.getByTestId('group-member-expand').textContent).toBe('收起')
  })

  it('members without rights get no slots', () => {
    render(<MemberGrid groupNumber='100001' list={list()} canInvite={false} canRemove={false} onInvite={() => undefined} onRemove={() => undefined} onMember={() => undefined} />)
    expect(screen.queryByTestId('group-invite-slot')).toBeNull()
    expect(screen.queryByTestId('group-remove-slot')).toBeNull()
  })

  it('a search nobody matches asks the server; no result says 该用户不存在 and restores the full list', async () => {
    const search = jest.spyOn(groupApi, 'memberList').mockResolvedValue({ rows: [], total: 0 })
    render(<MemberGrid groupNumber='100001' list={list()} canInvite canRemove onInvite={() => undefined} onRemove={() => undefined} onMember={() => undefined} />)
    fireEvent(screen.getByTestId('group-member-search'), new CustomEvent('input', { bubbles: true, detail: { value: 'zzz' } }))
    expect(screen.getByTestId('group-member-empty').textContent).toBe('暂无搜索结果')
    await act(async () => {
      jest.advanceTimersByTime(500)
    })
    await flush()
    expect(search).toHaveBeenCalledWith(expect.objectContaining({ groupNumber: '100001', keyword: 'zzz' }), { silent: true })
    expect(useAppStore.getState().toasts.map((t) => t.message)).toContain('该用户不存在')
    expect(screen.getAllByTestId('group-member')).toHaveLength(MEMBER_PREVIEW_COUNT)
  })
})

it('a toggle is disabled for 1 s after a change', () => {
  const onChange = jest.fn()
  render(<SwitchRow label='全员禁言' checked={false} onChange={onChange} testId='sw' />)
  fireEvent.click(screen.getByTestId('sw'))
  fireEvent.click(screen.getByTestId('sw'))
  expect(onChange).toHaveBeenCalledTimes(1)
  expect(screen.getByTestId('sw').getAttribute('aria-disabled')).toBe('true')
  act(() => {
    jest.advanceTimersByTime(TOGGLE_COOLDOWN_MS)
  })
  fireEvent.click(screen.getByTestId('sw'))
  expect(onChange).toHaveBeenCalledTimes(2)
})

describe('group card', () => {
  const card = (over: Partial<GroupCard> = {}): GroupCard => ({
    groupID: 'G100001',
    groupNumber: '100001',
    groupName: '摄影群',
    groupAvatar: '',
    memberAvatars: ['/a', '/b'],
    groupType: GroupType.Work,
    groupMemberCount: 2,
    joinMode: JoinMode.Approval,
    limitLevel: 0,
    isMember: false,
    applyStatus: 'pending',
    ...over,
  })

  it('reads the card again when the group changes, so an approval turns 已申请 into 进入群聊 with the new count', async () => {
    const getCard = jest.spyOn(groupApi, 'getCardInfoById').mockResolvedValueOnce(card())
    render(<GroupCardDialog groupNumber='100001' joinType={3} onClose={() => undefined} />)
    await flush()
    expect(screen.getByTestId('group-card-pending')).toBeTruthy()
    expect(screen.getByTestId('group-card-count').textContent).toContain('2人')
    expect(screen.getByTestId('group-card-avatar').getAttribute('data-mosaic')).toBe('2')

    getCard.mockResolvedValueOnce(card({ isMember: true, applyStatus: 'none', groupMemberCount: 3, memberAvatars: ['/a', '/b', '/c'] }))
    act(() => app.messaging.applyNotice({ type: 5, count: 3, groupNumber: '100001', memberAvatars: ['/a', '/b', '/c'] }))
    await flush()
    expect(getCard).toHaveBeenCalledTimes(2)
    expect(screen.getByTestId('group-card-enter')).toBeTruthy()
    expect(screen.getByTestId('group-card-count').textContent).toContain('3人')
    expect(screen.getByTestId('group-card-avatar').getAttribute('data-mosaic')).toBe('3')
  })

  it('reads the card again when the reader\'s own applications change (a refusal)', async () => {
    const getCard = jest.spyOn(groupApi, 'getCardInfoById').mockResolvedValueOnce(card())
    render(<GroupCardDialog groupNumber='100001' joinType={3} onClose={() => undefined} />)
    await flush()
    getCard.mockResolvedValueOnce(card({ applyStatus: 'none' }))
    act(() => app.messaging.applyNotice({ type: 4, joinApplyUnRead: 0, otherUnRead: 0, selfApplyUnRead: 1 }))
    await flush()
    expect(screen.getByTestId('group-card-join').textContent).toContain('申请加入')
  })
})

describe('group notifications', () => {
  it('open on the first tab with unread rows', async () => {
    useAppStore.getState().setGroupNoticeUnread({ joinApplyUnRead: 0, selfApplyUnRead: 1, otherUnRead: 2 })
    render(<GroupNotices />)
    await flush()
    expect(screen.getByTestId('group-notices-tab-myApply').className).toContain('gnotices__tab--on')
    expect(screen.getByTestId('group-notices-tab-joinApply').className).not.toContain('gnotices__tab--on')
  })

  it('keep the first tab when nothing is unread', () => {
    expect(openingNoticeTab({ joinApplyUnRead: 0, selfApplyUnRead: 0, otherUnRead: 0 })).toBe('joinApply')
    expect(openingNoticeTab({ joinApplyUnRead: 0, selfApplyUnRead: 0, otherUnRead: 4 })).toBe('others')
    expect(openingNoticeTab({ joinApplyUnRead: 2, selfApplyUnRead: 1, otherUnRead: 4 })).toBe('joinApply')
  })
})
