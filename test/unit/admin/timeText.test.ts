import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { membershipText } from '@/components/admin/labels'
import { timeText } from '@/components/admin/useAdminData'

/** Every screen of the console writes a time one way: 2026-11-25 20:45. */
describe('console times', () => {
  const FORMAT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/
  const at = new Date(2026, 10, 25, 20, 45)

  it('reads ISO text and epoch milliseconds alike', () => {
    expect(timeText(at.toISOString())).toBe('2026-11-25 20:45')
    expect(timeText(at.getTime())).toBe('2026-11-25 20:45')
    expect(timeText(null)).toBe('—')
  })

  it('writes a membership end in the same format', () => {
    const end = membershipText({ vipType: 1, vipLevel: 3, expiresAt: at.toISOString() }).split('至 ')[1]
    expect(end).toMatch(FORMAT)
  })

  it('no console screen formats a time on its own', () => {
    const dir = join(__dirname, '../../../src/components/admin')
    for (const name of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && f !== 'useAdminData.ts')) {
      const src = readFileSync(join(dir, name), 'utf8')
      expect([name, /toLocale(String|DateString|TimeString)|\.slice\(0, 1[06]\)/.test(src)]).toEqual([name, false])
    }
  })
})
