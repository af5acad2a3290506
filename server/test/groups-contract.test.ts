import { describe, expect, it } from 'vitest'
import {
  GroupEditBody,
  GroupText,
  InviteOption,
  JoinLimitBody,
  inviteOptionOf,
  joinModeOf,
  GROUP_TYPES,
} from '../../types/group.js'

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? [] : r.error!.issues.map((i) => i.message))

describe('group contract rules', () => {
  it('reads the join level as the spec words it', () => {
    const parse = (limitLevel: unknown) => JoinLimitBody.safeParse({ groupNumber: '100001', limitLevel })
    expect(parse(0).data?.limitLevel).toBe(0)
    expect(parse('200').data?.limitLevel).toBe(200)
    expect(messages(parse(undefined))).toEqual([GroupText.LevelRequired])
    expect(messages(parse(''))).toEqual([GroupText.LevelRequired])
    expect(messages(parse('二'))).toEqual([GroupText.LevelNotNumber])
    expect(messages(parse(2.5))).toEqual([GroupText.LevelRange])
    expect(messages(parse(201))).toEqual([GroupText.LevelRange])
  })

  it('accepts exactly one key per edit', () => {
    expect(GroupEditBody.safeParse({ groupNumber: '100001', groupName: '名字' }).success).toBe(true)
    expect(GroupEditBody.safeParse({ groupNumber: '100001' }).success).toBe(false)
    expect(GroupEditBody.safeParse({ groupNumber: '100001', groupName: '名字', bannedSwitch: 1 }).success).toBe(false)
  })

  it('maps switch values to invite options and join modes', () => {
    expect([0, 1, 2].map(inviteOptionOf)).toEqual([InviteOption.FreeAccess, InviteOption.NeedPermission, InviteOption.DisableInvite])
    expect([0, 1, 2].map(joinModeOf)).toEqual(['free', 'approval', 'disallowed'])
    expect(GROUP_TYPES.find((t) => t.type === 'Community')?.maxMembers).toBe(100000)
  })
})
