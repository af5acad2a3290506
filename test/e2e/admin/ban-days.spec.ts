/**
 * The ban's 封禁天数 is checked in the user dialog under the server's rule (a whole number of
 * days from 1 to 36500): a wrong value is named under the field and 封禁 stays unavailable, so no
 * confirmation opens and nothing reaches the server. A right value bans for that many days.
 * Photographed on a desktop and on a phone.
 */
import { expect, registerUsers, test, visible } from '../messaging/support'
import { fillInput } from '../support/ui'
import { adminUser, fileReport, openUserInConsole, operatorAccount } from './support'

const SHOTS = 'test-results/e2e/admin'
const VIEWPORTS = [['desktop', undefined], ['phone', { width: 390, height: 844 }]] as const
const DAY = 86_400_000

for (const [label, viewport] of VIEWPORTS) {
  test(`封禁天数 is checked in the dialog before 封禁 asks (${label})`, async ({ login, request }) => {
    const op = await operatorAccount(request)
    const [target] = await registerUsers(request, ['天'])
    const { page } = await login(op, viewport ? { viewport } : {})
    const bans: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/users/ban')) bans.push(r.postData() ?? '')
    })

    await openUserInConsole(page, target.wtId)
    await fillInput(page, 'admin-reason', '发布广告')
    const error = visible(page, 'admin-ban-days-error')
    const ban = visible(page, 'admin-ban')
    for (const [typed, text] of [
      ['0', '封禁天数至少1天'],
      ['36501', '封禁天数最多36500天'],
      ['1.5', '封禁天数须为整数'],
      ['三天', '封禁天数须为整数'],
      ['', '请输入封禁天数'],
    ] as const) {
      await fillInput(page, 'admin-ban-days', typed)
      await expect(error, typed).toHaveText(text)
      await expect(ban, typed).toHaveClass(/btn--disabled/)
      await ban.click({ force: true })
      await expect(visible(page, 'admin-ban-dialog'), typed).toHaveCount(0)
      if (typed === '0') await page.screenshot({ path: `${SHOTS}/ban-days-error-${label}.png` })
    }
    expect(bans).toEqual([])
    expect((await adminUser(request, op, target)).state).toBe('active')

    await fillInput(page, 'admin-ban-days', '2')
    await expect(error).toHaveCount(0)
    await expect(ban).not.toHaveClass(/btn--disabled/)
    await ban.click()
    await expect(visible(page, 'admin-ban-dialog')).toContainText(`「${target.nickName}」2 天内无法向其他用户发送消息`)
    await visible(page, 'admin-ban-dialog-confirm').click()
    await expect(visible(page, 'admin-ban-dialog')).toHaveCount(0)
    const row = await adminUser(request, op, target)
    expect(row.state).toBe('banned')
    const left = Date.parse(row.bannedUntil!) - Date.now()
    expect(left).toBeGreaterThan(2 * DAY - 10 * 60_000)
    expect(left).toBeLessThanOrEqual(2 * DAY)
    expect(bans.map((b) => JSON.parse(b) as { days: unknown }).map((b) => b.days)).toEqual([2])
  })
}

for (const [label, viewport] of VIEWPORTS) {
  test(`a report's 封禁天数 is checked the same way (${label})`, async ({ login, request }) => {
    const op = await operatorAccount(request)
    const [reporter, target] = await registerUsers(request, ['举', '被'])
    const id = await fileReport(request, reporter, target)
    const { page } = await login(op, viewport ? { viewport } : {})
    const handled: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/reports/handle')) handled.push(r.postData() ?? '')
    })
    await page.goto('/admin')
    await visible(page, 'admin-nav-reports').click()
    const card = visible(page, `admin-report-${id}`)
    const ban = card.locator('[data-testid="admin-report-ban"]')
    const error = card.locator(`[data-testid="admin-report-days-${id}-error"]`)

    await fillInput(page, `admin-report-days-${id}`, '0')
    await expect(error).toHaveText('封禁天数至少1天')
    await expect(ban).toHaveClass(/btn--disabled/)
    await ban.click({ force: true })
    await expect(visible(page, 'admin-report-ban-dialog')).toHaveCount(0)
    await page.screenshot({ path: `${SHOTS}/report-days-error-${label}.png` })
    expect(handled).toEqual([])

    await fillInput(page, `admin-report-days-${id}`, '3')
    await expect(error).toHaveCount(0)
    await ban.click()
    await expect(visible(page, 'admin-report-ban-dialog')).toContainText(`「${target.nickName}」3 天内无法向其他用户发送消息`)
    await visible(page, 'admin-report-ban-dialog-confirm').click()
    await expect(visible(page, 'admin-report-ban-dialog')).toHaveCount(0)
    expect(handled.map((b) => JSON.parse(b) as { action: string; banDays: unknown })).toEqual([expect.objectContaining({ action: 'ban', banDays: 3 })])
    const row = await adminUser(request, op, target)
    expect(row.state).toBe('banned')
    expect(Date.parse(row.bannedUntil!) - Date.now()).toBeGreaterThan(3 * DAY - 10 * 60_000)
  })
}
