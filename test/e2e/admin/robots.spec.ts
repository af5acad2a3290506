/**
 * The console's 群机器人 section: an operator finds a group's robot, pauses it (its address stops
 * answering), removes it after a confirmation, and turns the feature off site-wide and on again.
 * Photographed on a desktop and on a phone.
 */
import type { APIRequestContext } from '@playwright/test'
import type { RobotSecrets, WeComAnswer } from '../../../types/bots'
import { createGroup, expect, registerUsers, test, visible, type ChatUser } from '../messaging/support'
import { apiPost } from '../support/accounts'
import { expectToast, fillInput } from '../support/ui'
import { operatorAccount, settled } from './support'

const SHOTS = 'test-results/e2e/admin'

async function addRobot(request: APIRequestContext, owner: ChatUser, groupNumber: string, name: string): Promise<RobotSecrets> {
  const answer = await apiPost<RobotSecrets>(request, '/api/user/groupchat/robot/add', { groupNumber, name, description: '构建通知' }, owner.login.token)
  expect(answer.code, answer.msg).toBe(200)
  return answer.data
}

async function postText(request: APIRequestContext, webhookUrl: string): Promise<WeComAnswer> {
  return (await (await request.post(webhookUrl, { data: { msgtype: 'text', text: { content: '构建完成' } } })).json()) as WeComAnswer
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the console pauses and removes a group's robot and switches the feature (${label})`, async ({ login, request }) => {
    const op = await operatorAccount(request)
    const [owner, member] = await registerUsers(request, ['群主', '成员'])
    const group = await createGroup(request, owner, [member], `构建群${owner.phone.slice(-4)}`)
    const name = `构建机器人${owner.phone.slice(-4)}`
    const robot = await addRobot(request, owner, group.groupNumber, name)
    const { page } = await login(op, { viewport })

    await page.goto('/admin')
    await visible(page, 'admin-nav-robots').click()
    await fillInput(page, 'admin-robots-search', name)
    await page.keyboard.press('Enter')
    const row = visible(page, 'admin-robot-row').filter({ hasText: name })
    await expect(row).toHaveCount(1)
    await expect(row).toContainText(`群 ${group.name}（${group.groupNumber}）`)
    // Every row's buttons say whose they are to a screen reader.
    await expect(row.getByRole('button', { name: `暂停 ${name}`, exact: true })).toHaveCount(1)
    await expect(row.getByRole('button', { name: `移除 ${name}`, exact: true })).toHaveCount(1)

    await row.locator('[data-testid="admin-robot-pause"]').click()
    await expectToast(page, '已暂停')
    await expect(row).toContainText('已暂停')
    expect(await postText(request, robot.webhookUrl)).toMatchObject({ errcode: 93000 })
    await page.screenshot({ path: `${SHOTS}/robots-${label}.png` })

    // Removal asks first; 取消 leaves the robot as it was.
    await row.locator('[data-testid="admin-robot-remove"]').click()
    const dialog = visible(page, 'admin-robot-remove-dialog')
    await expect(dialog).toContainText(`「${name}」`)
    await settled(dialog)
    await page.screenshot({ path: `${SHOTS}/robots-remove-${label}.png` })
    await visible(page, 'admin-robot-remove-dialog-cancel').click()
    await expect(row).toHaveCount(1)
    await row.locator('[data-testid="admin-robot-pause"]').click()
    await expectToast(page, '已恢复')
    expect((await postText(request, robot.webhookUrl)).errcode).toBe(0)
    await row.locator('[data-testid="admin-robot-remove"]').click()
    await visible(page, 'admin-robot-remove-dialog-confirm').click()
    await expectToast(page, '已移除')
    await expect(row).toHaveCount(0)
    expect(await postText(request, robot.webhookUrl)).toMatchObject({ errcode: 93000 })

    // The site-wide switch asks before turning robots off, and turns them on at once.
    const other = await addRobot(request, owner, group.groupNumber, `${name}二`)
    await visible(page, 'admin-robots-switch').click()
    await visible(page, 'admin-robots-switch-dialog-confirm').click()
    await expect(visible(page, 'admin-robots')).toContainText('群机器人功能：已关闭')
    expect(await postText(request, other.webhookUrl)).toMatchObject({ errcode: 93000 })
    await visible(page, 'admin-robots-switch').click()
    await expect(visible(page, 'admin-robots')).toContainText('群机器人功能：已开启')
    expect((await postText(request, other.webhookUrl)).errcode).toBe(0)
  })
}
