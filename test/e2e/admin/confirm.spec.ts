/**
 * The console's irreversible actions ask first: 取消 leaves the account, report or list as it was
 * (read back through the operator API), the action word performs the action. Each dialog is
 * photographed on a desktop and on a phone.
 */
import type { Locator, Page } from '@playwright/test'
import type { AdminDictEntry, AdminReport, ModerationLists } from '../../../types/admin'
import { expect, registerUsers, test, visible, type ChatUser } from '../messaging/support'
import { apiPost } from '../support/accounts'
import { expectToast, fillInput } from '../support/ui'
import { adminGet, adminUser, fileReport, openUserInConsole, operatorAccount, settled } from './support'

const SHOTS = 'test-results/e2e/admin'
const PHONE = { width: 390, height: 844 }
const VIEWPORTS = [['desktop', undefined], ['phone', PHONE]] as const

/** Opens the dialog with `open`, checks its words, photographs it, and cancels it. */
async function cancelConfirm(page: Page, open: () => Promise<void>, testId: string, words: string[], action: string, shot: string): Promise<void> {
  await open()
  const dialog = visible(page, testId)
  for (const w of words) await expect(dialog).toContainText(w)
  await expect(visible(page, `${testId}-cancel`)).toHaveText('取消')
  await expect(visible(page, `${testId}-confirm`)).toHaveText(action)
  await settled(dialog)
  await page.screenshot({ path: `${SHOTS}/${shot}.png` })
  await visible(page, `${testId}-cancel`).click()
  await expect(dialog).toHaveCount(0)
}

async function confirm(page: Page, open: () => Promise<void>, testId: string): Promise<void> {
  await open()
  await visible(page, `${testId}-confirm`).click()
  await expect(visible(page, testId)).toHaveCount(0)
}

for (const [label, viewport] of VIEWPORTS) {
  test.describe(label, () => {
    test('封禁 and 停用 on an account ask first', async ({ login, request }) => {
      const op = await operatorAccount(request)
      const [banned, closed] = await registerUsers(request, ['封', '停'])
      const stateOf = (u: ChatUser) => adminUser(request, op, u)
      const { page } = await login(op, viewport ? { viewport } : {})

      await openUserInConsole(page, banned.wtId)
      await fillInput(page, 'admin-reason', '发布广告')
      await fillInput(page, 'admin-ban-days', '3')
      const ban = () => visible(page, 'admin-ban').click()
      await cancelConfirm(page, ban, 'admin-ban-dialog', ['封禁用户', `「${banned.nickName}」3 天内无法向其他用户发送消息`], '封禁', `confirm-ban-${label}`)
      await expect(visible(page, 'admin-user-dialog')).toBeVisible()
      expect((await stateOf(banned)).state).toBe('active')
      await confirm(page, ban, 'admin-ban-dialog')
      await expectToast(page, '已封禁')
      expect((await stateOf(banned)).state).toBe('banned')
      expect((await stateOf(banned)).banReason).toBe('发布广告')

      await openUserInConsole(page, closed.wtId)
      const deactivate = () => visible(page, 'admin-deactivate').click()
      await cancelConfirm(page, deactivate, 'admin-deactivate-dialog', ['停用账号', `「${closed.nickName}」的所有登录会话立即结束`], '停用', `confirm-deactivate-${label}`)
      expect((await stateOf(closed)).state).toBe('active')
      await confirm(page, deactivate, 'admin-deactivate-dialog')
      await expectToast(page, '已停用')
      expect((await stateOf(closed)).state).toBe('deactivated')
    })

    test('警告 and 封禁 on a report ask first', async ({ login, request }) => {
      const op = await operatorAccount(request)
      const [first, second, target] = await registerUsers(request, ['举', '报', '被'])
      const warnId = await fileReport(request, first, target)
      const banId = await fileReport(request, second, target)
      const statusOf = async (id: number) => (await adminGet<{ rows: AdminReport[] }>(request, op, '/api/admin/reports?status=all&pageNum=1&pageSize=50')).rows.find((r) => r.id === id)!.status
      const helperTexts = async () => {
        const h = await apiPost<{ messages: Array<{ payload: { text?: string } }> }>(request, '/api/im/messages/history', { conversationID: 'C2CwisperHelper', count: 50 }, target.login.token)
        // Before the helper's first message the conversation does not exist (404).
        if (h.code === 404) return []
        expect(h.code, h.msg).toBe(200)
        return h.data.messages.map((m) => m.payload.text ?? '')
      }
      const { page } = await login(op, viewport ? { viewport } : {})
      await page.goto('/admin')
      await visible(page, 'admin-nav-reports').click()
      const card = (id: number): Locator => visible(page, `admin-report-${id}`)

      const warn = () => card(warnId).locator('[data-testid="admin-report-warn"]').click()
      await cancelConfirm(page, warn, 'admin-report-warn-dialog', ['警告被举报方', `小助手会向「${target.nickName}」发送警告消息，发出后无法撤回`], '警告', `confirm-report-warn-${label}`)
      await expect(card(warnId)).toBeVisible()
      expect(await statusOf(warnId)).toBe('open')
      expect((await helperTexts()).some((t) => t.startsWith('【警告】'))).toBe(false)
      await confirm(page, warn, 'admin-report-warn-dialog')
      await expect(card(warnId)).toHaveCount(0)
      expect(await statusOf(warnId)).toBe('warned')
      expect((await helperTexts()).some((t) => t.startsWith('【警告】'))).toBe(true)

      const ban = () => card(banId).locator('[data-testid="admin-report-ban"]').click()
      await cancelConfirm(page, ban, 'admin-report-ban-dialog', ['封禁被举报方', `「${target.nickName}」7 天内无法向其他用户发送消息`], '封禁', `confirm-report-ban-${label}`)
      expect(await statusOf(banId)).toBe('open')
      const row = () => adminUser(request, op, target)
      expect((await row()).state).toBe('active')
      await confirm(page, ban, 'admin-report-ban-dialog')
      await expect(card(banId)).toHaveCount(0)
      expect(await statusOf(banId)).toBe('banned')
      expect((await row()).state).toBe('banned')
    })

    test('removing a moderation word or a dictionary entry asks first', async ({ login, request }) => {
      const op = await operatorAccount(request)
      const word = `违禁${Date.now() % 1000000}`
      const added = await apiPost(request, '/api/admin/moderation/add', { kind: 'blocked', value: word }, op.login.token)
      expect(added.code, added.msg).toBe(200)
      const value = `t${Date.now() % 1000000}`
      const saved = await apiPost(request, '/api/admin/dict/save', { dictType: 'user_complaint_type', dictValue: value, dictLabel: `测试类型${value}`, dictSort: 99 }, op.login.token)
      expect(saved.code, saved.msg).toBe(200)
      const { page } = await login(op, viewport ? { viewport } : {})
      await page.goto('/admin')

      await visible(page, 'admin-nav-moderation').click()
      // The three lists' fields and buttons say which list they add to.
      await expect(page.getByRole('textbox', { name: '新增违禁词', exact: true }).filter({ visible: true })).toHaveCount(1)
      await expect(page.getByRole('button', { name: '添加敏感词', exact: true }).filter({ visible: true })).toHaveCount(1)
      const removeWord = () => page.locator(`[aria-label="删除 ${word}"]`).filter({ visible: true }).click()
      await cancelConfirm(page, removeWord, 'admin-moderation-remove-dialog', ['删除违禁词', `删除后包含「${word}」的消息不再被拒绝发送`], '删除', `confirm-moderation-${label}`)
      expect((await adminGet<ModerationLists>(request, op, '/api/admin/moderation')).blocked).toContain(word)
      await confirm(page, removeWord, 'admin-moderation-remove-dialog')
      await expect(page.locator(`[aria-label="删除 ${word}"]`).filter({ visible: true })).toHaveCount(0)
      expect((await adminGet<ModerationLists>(request, op, '/api/admin/moderation')).blocked).not.toContain(word)

      await visible(page, 'admin-nav-content').click()
      const values = async () => (await adminGet<AdminDictEntry[]>(request, op, '/api/admin/dict')).map((d) => d.dictValue)
      const removeEntry = () => page.locator(`[aria-label="删除 测试类型${value}"]`).filter({ visible: true }).click()
      await cancelConfirm(page, removeEntry, 'admin-dict-delete-dialog', ['删除字典项', `删除后「测试类型${value}」不再是用户举报类型的选项`], '删除', `confirm-dict-${label}`)
      expect(await values()).toContain(value)
      await confirm(page, removeEntry, 'admin-dict-delete-dialog')
      await expect(page.locator(`[aria-label="删除 测试类型${value}"]`).filter({ visible: true })).toHaveCount(0)
      expect(await values()).not.toContain(value)
    })
  })
}
