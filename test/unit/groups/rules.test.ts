import { GroupIdentity, GroupText } from '@shared/group'
import { InviteSwitch, memberAbilities, muteLeftText, panelAbilities, roleLabel, speakState } from '@/domain/groups/permissions'
import { removeQuestion } from '@/components/group/panel/memberName'
import {
  changedFields,
  groupNameError,
  joinLevelError,
  nicknameError,
  panelNoticeError,
  welcomeError,
} from '@/domain/groups/validation'

const { Member, Admin, Owner } = GroupIdentity

describe('what each role sees in the group panel', () => {
  it.each([
    // identity, inviteSwitch, editProfile, manage, admins, transfer, invite, remove, dissolve, memberInfo
    [Owner, InviteSwitch.Off, true, true, true, true, true, true, true, true],
    [Admin, InviteSwitch.Off, true, true, false, false, true, true, false, true],
    [Member, InviteSwitch.Off, false, false, false, false, false, false, false, false],
    [Member, InviteSwitch.AutoPass, false, false, false, false, true, false, false, false],
    [Member, InviteSwitch.NeedApproval, false, false, false, false, true, false, false, false],
  ])('identity %i, invite switch %i', (identity, invite, editProfile, openManage, manageAdmins, transfer, canInvite, remove, dissolve, viewMemberInfo) => {
    expect(panelAbilities(identity, invite)).toEqual({ editProfile, openManage, manageAdmins, transfer, invite: canInvite, remove, dissolve, viewMemberInfo })
  })
})

describe('what a viewer may do to another member', () => {
  const who = (wtId: string, identity: number) => ({ wtId, identity })
  it('the owner removes, blacklists and appoints anyone but mutes only ordinary members', () => {
    expect(memberAbilities(who('1', Owner), who('2', Admin))).toEqual({ mute: false, remove: true, setAdmin: true, blacklist: true })
    expect(memberAbilities(who('1', Owner), who('2', Member))).toEqual({ mute: true, remove: true, setAdmin: true, blacklist: true })
  })
  it('an admin acts on ordinary members only and never appoints admins', () => {
    expect(memberAbilities(who('1', Admin), who('2', Member))).toEqual({ mute: true, remove: true, setAdmin: false, blacklist: true })
    expect(memberAbilities(who('1', Admin), who('2', Admin))).toEqual({ mute: false, remove: false, setAdmin: false, blacklist: false })
    expect(memberAbilities(who('1', Admin), who('2', Owner)).remove).toBe(false)
  })
  it('members act on nobody, and nobody acts on themselves', () => {
    expect(Object.values(memberAbilities(who('1', Member), who('2', Member)))).not.toContain(true)
    expect(Object.values(memberAbilities(who('1', Owner), who('1', Owner)))).not.toContain(true)
  })
})

it('labels the owner and the admins', () => {
  expect(roleLabel(Owner)).toBe('群主')
  expect(roleLabel(Admin)).toBe('管理员')
  expect(roleLabel(Member)).toBe('')
})

it('lets only owner and admins speak while everyone is muted, and respects a member mute until it ends', () => {
  expect(speakState(Member, 0, true, 100)).toBe('allMuted')
  expect(speakState(Admin, 0, true, 100)).toBe('ok')
  expect(speakState(Member, 200, false, 100)).toBe('muted')
  expect(speakState(Member, 100, false, 100)).toBe('ok')
  expect(speakState(Owner, 200, false, 100)).toBe('ok')
})

describe('validation', () => {
  it('group name: required, 16 characters at most', () => {
    expect(groupNameError('   ')).toBe('群名称不能为空')
    expect(groupNameError('一'.repeat(16))).toBe('')
    expect(groupNameError('一'.repeat(17))).toBe('群名称不能超过16个字')
  })
  it('panel notice: 150 characters at most, with the spec message', () => {
    expect(panelNoticeError('a'.repeat(150))).toBe('')
    expect(panelNoticeError('a'.repeat(151))).toBe('群公告字数超出限制，最大长度为150')
  })
  it('welcome message: 200 at most; nickname and remark: 15', () => {
    expect(welcomeError('欢'.repeat(200))).toBe('')
    expect(welcomeError('欢'.repeat(201))).toBe(GroupText.WelcomeTooLong)
    expect(nicknameError('名'.repeat(15))).toBe('')
    expect(nicknameError('名'.repeat(16))).toBe(GroupText.NicknameTooLong)
  })
  it.each([
    ['', '请输入等级限制'],
    ['abc', '请输入数字'],
    ['0', '请输入1-200之间的整数'],
    ['201', GroupText.LevelRange],
    ['1.5', GroupText.LevelRange],
    ['1', ''],
    ['200', ''],
  ])('join level %p', (input, message) => {
    expect(joinLevelError(input)).toBe(message)
  })
  it('a save sends only what changed', () => {
    expect(changedFields({ groupNotice: 'a', groupName: 'n' }, { groupNotice: 'a' })).toBeNull()
    expect(changedFields({ groupNotice: 'a', groupName: 'n' }, { groupNotice: 'b', groupName: 'n' })).toEqual({ groupNotice: 'b' })
  })
})

describe('muteLeftText', () => {
  test.each([
    [1, '1 分钟'],
    [59, '1 分钟'],
    [61, '2 分钟'],
    [3600, '1 小时'],
    [3600 + 5 * 60, '1 小时 5 分钟'],
    [86400, '1 天'],
    [86400 + 3 * 3600, '1 天 3 小时'],
    [30 * 86400, '30 天'],
  ])('%i seconds left read %s', (left, text) => {
    expect(muteLeftText(1000 + left, 1000)).toBe(text)
  })
})

describe('the removal question', () => {
  it('names up to three members, then says how many in all', () => {
    expect(removeQuestion(['小明'])).toBe('将「小明」移出群聊？')
    expect(removeQuestion(['甲', '乙'])).toBe('将「甲」、「乙」移出群聊？')
    expect(removeQuestion(['甲', '乙', '丙', '丁', '戊'])).toBe('将「甲」、「乙」、「丙」等 5 人移出群聊？')
  })
})
