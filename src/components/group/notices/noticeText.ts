import { ApplyStatus, type GroupApplication } from '@shared/group'

/** The state line of an application in the notice lists. */
export function applyStatusText(a: Pick<GroupApplication, 'applyStatus' | 'handlerNickName'>): string {
  switch (a.applyStatus) {
    case ApplyStatus.Pending:
      return '等待审核'
    case ApplyStatus.Agreed:
      return a.handlerNickName ? `${a.handlerNickName} 已同意` : '已同意'
    case ApplyStatus.Rejected:
      return a.handlerNickName ? `${a.handlerNickName} 已拒绝` : '已拒绝'
    default:
      return ''
  }
}
