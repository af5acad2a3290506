import { describe, expect, it } from 'vitest'
import { ComplaintAddBody, splitComplaintImages } from '../../types/complaint.js'
import { ApplyBody, SpaceStatusBody, TagAddBody, charCount, defaultApplyInfo, utf8Bytes } from '../../types/friends.js'

describe('the contacts contract', () => {
  it('counts characters as people see them and the remark limit in UTF-8 bytes', () => {
    expect(charCount('好友😀')).toBe(3)
    expect(utf8Bytes('好友😀')).toBe(10)
    expect(utf8Bytes('ab')).toBe(2)
  })

  it('cuts the default group reason to the reason limit', () => {
    expect(defaultApplyInfo('小明', '群')).toBe('我是群聊“群”的小明')
    const long = defaultApplyInfo('一个很长的昵称', '一个名字很长很长的群')
    expect(charCount(long)).toBe(15)
    expect(ApplyBody.safeParse({ applyWtId: '12345678', applySource: 5, applyInfo: long }).success).toBe(true)
  })

  it('takes exactly one moments flag per call', () => {
    expect(SpaceStatusBody.safeParse({ friendsWtId: '12345678', mineSpaceStatus: 1 }).success).toBe(true)
    expect(SpaceStatusBody.safeParse({ friendsWtId: '12345678' }).success).toBe(false)
    expect(SpaceStatusBody.safeParse({ friendsWtId: '12345678', mineSpaceStatus: 1, friendsSpaceStatus: 0 }).success).toBe(false)
    expect(SpaceStatusBody.safeParse({ friendsWtId: '12345678', mineSpaceStatus: 2 }).success).toBe(false)
  })

  it('trims tag names and refuses empty or long ones', () => {
    expect(TagAddBody.parse({ tagName: ' 同事 ' }).tagName).toBe('同事')
    expect(TagAddBody.safeParse({ tagName: '  ' }).success).toBe(false)
    expect(TagAddBody.safeParse({ tagName: 'x'.repeat(16) }).success).toBe(false)
  })

  it('reads report images as a comma-joined list of 1 to 5, and the type as a string', () => {
    expect(splitComplaintImages(' /a , ,/b,')).toEqual(['/a', '/b'])
    const base = { complaintDetail: '描述', complaintType: 3, targetId: '12345678', type: 0 }
    expect(ComplaintAddBody.parse({ ...base, complaintImage: '/a' }).complaintType).toBe('3')
    expect(ComplaintAddBody.safeParse({ ...base, complaintImage: '/a,/b,/c,/d,/e,/f' }).success).toBe(false)
    expect(ComplaintAddBody.safeParse({ ...base, complaintImage: '' }).success).toBe(false)
    const { complaintType: _omit, ...noType } = base
    expect(ComplaintAddBody.safeParse({ ...noType, complaintImage: '/a' }).success).toBe(false)
  })
})
