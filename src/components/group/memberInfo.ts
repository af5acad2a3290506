import { JoinType } from '@shared/group'

/** How a member joined, in words (spec 3 "Group member": 1 scan, 2 invite, 3 search group ID). */
export function joinTypeText(joinType: number, inviter: string): string {
  switch (joinType) {
    case JoinType.Scan:
      return '扫描二维码加入'
    case JoinType.Invite:
      return inviter ? `${inviter} 邀请加入` : '邀请加入'
    case JoinType.Search:
      return '搜索群号加入'
    default:
      return ''
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A full date and time (YYYY-MM-DD HH:mm) from unix seconds; '' for 0. */
export function formatDateTime(seconds: number): string {
  if (!seconds) return ''
  const d = new Date(seconds * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}
