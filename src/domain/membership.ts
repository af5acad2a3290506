import type { MembershipEvent } from '@shared/member'

/** A date for people: 2026-12-25 (the local day). */
export function dayText(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

const SOURCE_TEXT: Record<string, string> = { grant: '运营开通', code: '兑换码开通', revoke: '会员取消' }

/** One line of the membership history: how it changed and until when (a day, or the caller's own format). */
export function historyText(e: MembershipEvent, when: (iso: string) => string = dayText): string {
  const how = SOURCE_TEXT[e.source] ?? e.source
  if (e.vipType === 0) return how
  return `${how} · VIP${e.vipLevel} · ${e.expiresAt ? `有效期至 ${when(e.expiresAt)}` : '长期有效'}`
}

/** Call minutes a day, for the non-member's limit. */
export const limitMinutes = (seconds: number) => Math.round(seconds / 60)
