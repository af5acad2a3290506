import { ComplaintText } from '@shared/complaint'
import { ActionStatus, ApplySource, BlackStatus, FriendsStatus } from '@shared/friends'
import { profileMenuItems, hasActions } from '@/components/contact/profileMenu'
import { defaultReason } from '@/components/contact/ApplyDialog'
import { isPhoneNumber, searchSource } from '@/components/contact/AddFriendView'
import { canSubmitReport, detailError, imageRoom, isReportImage, joinImageUrls, reportMissing, type ReportImage } from '@/components/report/reportRules'
import { viewFromQuery } from '@/components/contact/contactView'

const base: { actionStatus: ActionStatus; isSelf: boolean; friendsStatus: FriendsStatus; ownerBlackStatus: BlackStatus } = { actionStatus: ActionStatus.Active, isSelf: false, friendsStatus: FriendsStatus.Friend, ownerBlackStatus: BlackStatus.No }
const actions = (info: typeof base) => profileMenuItems(info).map((i) => i.action)

test('a friend gets every action; a stranger no remark, permissions or delete', () => {
  expect(actions(base)).toEqual(['remark', 'space', 'recommend', 'black', 'report', 'delete'])
  expect(actions({ ...base, friendsStatus: FriendsStatus.NotFriend })).toEqual(['recommend', 'black', 'report'])
})

test('the report entry, the form and its toasts all say 举报, the spec\'s report', () => {
  expect(profileMenuItems(base).find((i) => i.action === 'report')!.label).toBe('举报')
  expect(Object.values(ComplaintText).filter((t) => t.includes('投诉'))).toEqual([])
  expect([ComplaintText.TypeLabel, ComplaintText.DetailLabel, ComplaintText.DetailPlaceholder, ComplaintText.Failed].every((t) => t.includes('举报'))).toBe(true)
})

test('the blacklist entry says what a click does', () => {
  const label = (status: BlackStatus) => profileMenuItems({ ...base, ownerBlackStatus: status }).find((i) => i.action === 'black')!.label
  expect(label(BlackStatus.No)).toBe('加入黑名单')
  expect(label(BlackStatus.Yes)).toBe('移出黑名单')
})

test('deleted accounts and yourself get no menu or actions', () => {
  expect(profileMenuItems({ ...base, actionStatus: ActionStatus.Deleted })).toEqual([])
  expect(profileMenuItems({ ...base, isSelf: true })).toEqual([])
  expect(hasActions({ actionStatus: ActionStatus.Deleted, isSelf: false })).toBe(false)
  expect(hasActions({ actionStatus: ActionStatus.Active, isSelf: false })).toBe(true)
})

test('the default reason names the group when the request comes from one, within 15 characters', () => {
  expect(defaultReason('张三', { applySource: ApplySource.SearchId })).toBe('我是张三')
  const fromGroup = defaultReason('张三', { applySource: ApplySource.Group, groupName: '项目组' })
  expect(fromGroup).toContain('项目组')
  expect(fromGroup).toContain('张三')
  expect(Array.from(defaultReason('名字特别特别特别特别特别长的人', { applySource: ApplySource.Group, groupName: '一个名字也很长的群聊' })).length).toBeLessThanOrEqual(15)
})

test('searching a phone number applies with source 2, an ID with source 1', () => {
  expect(isPhoneNumber('13800000001')).toBe(true)
  expect(isPhoneNumber('10000001')).toBe(false)
  expect(searchSource('13800000001')).toBe(ApplySource.SearchPhone)
  expect(searchSource('10000001')).toBe(ApplySource.SearchId)
})

const img = (url: string, failed = false): ReportImage => ({ key: url || 'k', preview: '', progress: url ? 1 : 0.5, url, failed })

test('report: submit only with a type, a description within 500 and 1-5 uploaded pictures', () => {
  const ready = { complaintType: '1', detail: '骚扰', images: [img('/a.png')] }
  expect(canSubmitReport(ready)).toBe(true)
  expect(canSubmitReport({ ...ready, complaintType: '' })).toBe(false)
  expect(canSubmitReport({ ...ready, detail: '   ' })).toBe(false)
  expect(canSubmitReport({ ...ready, detail: 'x'.repeat(501) })).toBe(false)
  expect(canSubmitReport({ ...ready, detail: '字'.repeat(500) })).toBe(true)
  expect(canSubmitReport({ ...ready, images: [] })).toBe(false)
  expect(canSubmitReport({ ...ready, images: [img('/a.png'), img('')] })).toBe(false)
  expect(canSubmitReport({ ...ready, images: [img('/a.png'), img('/b.png', true)] })).toBe(false)
  expect(canSubmitReport({ ...ready, images: Array.from({ length: 6 }, (_, i) => img(`/${i}.png`)) })).toBe(false)
  expect(detailError('x'.repeat(501))).toBe('举报描述不能超过500个字')
  expect(detailError('x'.repeat(500))).toBe('')
})

test('report: the form says what still keeps 提交 disabled', () => {
  const ready = { complaintType: '1', detail: '骚扰', images: [img('/a.png')] }
  expect(reportMissing(ready)).toBe('')
  expect(reportMissing({ ...ready, complaintType: '' })).toBe('请选择举报类型')
  expect(reportMissing({ ...ready, detail: ' ' })).toBe('请填写举报描述')
  expect(reportMissing({ ...ready, images: [] })).toBe('请上传至少1张图片作为证据')
  expect(reportMissing({ ...ready, images: [img('')] })).toBe('图片上传中，请稍候')
  expect(reportMissing({ ...ready, images: [img('/b.png', true)] })).toBe('有图片上传失败，请移除后重新添加')
})

test('report pictures: png and jpeg only, five at most, URLs comma-joined', () => {
  expect(isReportImage({ mime: 'image/png', name: 'a.png' })).toBe(true)
  expect(isReportImage({ mime: 'image/jpeg', name: 'a.jpg' })).toBe(true)
  expect(isReportImage({ mime: 'image/gif', name: 'a.gif' })).toBe(false)
  expect(isReportImage({ mime: '', name: 'a.JPEG' })).toBe(true)
  expect(isReportImage({ mime: '', name: 'a.webp' })).toBe(false)
  expect(imageRoom([img('/a'), img('/b')])).toBe(3)
  expect(imageRoom(Array.from({ length: 5 }, (_, i) => img(`/${i}`)))).toBe(0)
  expect(joinImageUrls([img('/a.png'), img('/b.png')])).toBe('/a.png,/b.png')
})

test('the contacts page opens the view its address names', () => {
  expect(viewFromQuery('applications', undefined)).toEqual({ kind: 'applications' })
  expect(viewFromQuery('friend', '10000002')).toEqual({ kind: 'friend', wtId: '10000002' })
  expect(viewFromQuery('friend', undefined)).toBeNull()
  expect(viewFromQuery('nonsense', undefined)).toBeNull()
})
