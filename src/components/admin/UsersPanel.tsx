import { View } from '@tarojs/components'
import { ADMIN_FILTER_MAX } from '@shared/plain/admin'
import { useEffect, useState } from 'react'
import { parseBanDays, type AdminUserDetail, type AdminUserRow } from '@shared/admin'
import { adminRoutes } from '@shared/routes/admin'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import Dialog from '@/components/layout/Dialog'
import TextField from '@/components/layout/TextField'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { useApp } from '@/root/AppContext'
import { membershipText, STATE_TEXT } from './labels'
import Pager from './Pager'
import { timeText, useAdminData } from './useAdminData'

const PAGE_SIZE = 20

/** Search accounts; open one for its profile, devices, groups, membership and the lifecycle actions. */
export default function UsersPanel() {
  const app = useApp()
  const [keyword, setKeyword] = useState('')
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(1)
  const [open, setOpen] = useState<string | null>(null)
  const list = useAdminData(() => app.api.query(adminRoutes.users, { keyword: query, pageNum: String(page), pageSize: String(PAGE_SIZE) }), [query, page])

  const search = () => {
    setPage(1)
    setQuery(keyword.trim())
  }

  return (
    <View data-testid='admin-users'>
      <View className='admin-toolbar'>
        <TextField value={keyword} onChange={setKeyword} onConfirm={search} placeholder='手机号、用户ID或昵称' testId='admin-user-search' maxLength={ADMIN_FILTER_MAX} />
        <Button variant='primary' testId='admin-user-search-submit' onClick={search}>
          搜索
        </Button>
      </View>
      <View className='admin-table'>
        <View className='admin-row admin-row--head'>
          <View className='admin-cell admin-cell--grow'>用户</View>
          <View className='admin-cell'>手机号</View>
          <View className='admin-cell'>状态</View>
          <View className='admin-cell'>会员</View>
          <View className='admin-cell admin-cell--action' />
        </View>
        {(list.data?.rows ?? []).map((u) => (
          <View className='admin-row' key={u.wtId} data-testid={`admin-user-${u.wtId}`}>
            <View className='admin-cell admin-cell--grow admin-user'>
              <Avatar src={app.chat.mediaUrl(u.avatar)} size={32} />
              <View>
                <View className='admin-user__name'>
                  {u.nickName}
                  {u.operator ? <View className='admin-tag admin-tag--blue'>管理员</View> : null}
                </View>
                <View className='admin-muted'>ID {u.wtId}</View>
              </View>
            </View>
            <View className='admin-cell'>{u.phone.startsWith('deleted:') ? '—' : u.phone}</View>
            <View className='admin-cell'>
              <View className={`admin-tag admin-tag--${u.state}`} data-testid='admin-user-state'>
                {STATE_TEXT[u.state]}
              </View>
            </View>
            <View className='admin-cell'>{membershipText(u.membership)}</View>
            <View className='admin-cell admin-cell--action'>
              <Button size='small' testId='admin-user-open' label={`管理 ${u.nickName}`} onClick={() => setOpen(u.wtId)}>
                管理
              </Button>
            </View>
          </View>
        ))}
        {list.data && list.data.rows.length === 0 ? <View className='admin-empty'>没有找到用户</View> : null}
      </View>
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
      {open ? <UserDialog wtId={open} onClose={() => setOpen(null)} onChanged={list.reload} /> : null}
    </View>
  )
}

function UserDialog({ wtId, onClose, onChanged }: { wtId: string; onClose(): void; onChanged(): void }) {
  const app = useApp()
  const detail = useAdminData(() => app.api.call(adminRoutes.userDetail, { wtId }), [wtId])
  const [reason, setReason] = useState('')
  const [days, setDays] = useState('7')
  const [level, setLevel] = useState('1')
  const [vipDays, setVipDays] = useState('30')
  const action = useAsyncAction()
  const [confirming, setConfirming] = useState<'ban' | 'deactivate' | null>(null)
  const current = detail.data?.user.membership

  // The grant form starts from the account's level, so a renewal does not lower it by accident.
  useEffect(() => {
    if (current && current.vipType !== 0) setLevel(String(current.vipLevel))
  }, [current?.vipType, current?.vipLevel])

  const act = (run: () => Promise<AdminUserRow>, done: string) =>
    action.run(async () => {
      await run()
      app.toast.success(done)
      detail.reload()
      onChanged()
    })

  const d: AdminUserDetail | null = detail.data
  const u = d?.user
  const num = (s: string) => Number.parseInt(s, 10)
  // Checked here under the server's rule, so a wrong number is named beside the field instead of
  // behind the dialog once the confirmation has closed.
  const banDays = parseBanDays(days)
  const banDaysError = 'error' in banDays ? banDays.error : undefined
  return (
    <>
      <Dialog open title='用户管理' onClose={onClose} wide testId='admin-user-dialog'>
        {!d || !u ? (
          <View className='admin-loading'>加载中…</View>
        ) : (
          <View className='admin-detail'>
            <View className='admin-user admin-detail__head'>
              <Avatar src={app.chat.mediaUrl(u.avatar)} size={48} />
              <View>
                <View className='admin-user__name'>
                  {u.nickName} <View className={`admin-tag admin-tag--${u.state}`}>{STATE_TEXT[u.state]}</View>
                </View>
                <View className='admin-muted'>
                  ID {u.wtId} · {u.phone.startsWith('deleted:') ? '手机号已释放' : u.phone} · 注册于 {timeText(u.createdAt)}
                </View>
                {d.bio ? <View className='admin-muted'>签名：{d.bio}</View> : null}
                {u.state === 'banned' ? <View className='admin-warn'>封禁至 {timeText(u.bannedUntil)}{u.banReason ? `（${u.banReason}）` : ''}</View> : null}
              </View>
            </View>

            <View className='admin-detail__grid'>
              <View className='admin-card'>
                <View className='admin-card__title'>会员</View>
                <View data-testid='admin-user-membership'>{membershipText(u.membership)}</View>
                <View className='admin-form-row'>
                  <TextField label='等级 1-10' value={level} onChange={setLevel} maxLength={2} testId='admin-grant-level' />
                  <TextField label='天数（空为长期）' value={vipDays} onChange={setVipDays} maxLength={5} testId='admin-grant-days' />
                </View>
                <View className='admin-actions'>
                  <Button
                    variant='primary'
                    size='small'
                    loading={action.busy}
                    testId='admin-grant'
                    onClick={() =>
                      act(
                        () =>
                          app.api.call(adminRoutes.grant, {
                            wtId,
                            vipType: 1,
                            vipLevel: num(level),
                            expiresAt: vipDays.trim() ? new Date(Date.now() + num(vipDays) * 86_400_000).toISOString() : null,
                          }),
                        '会员已更新',
                      )
                    }
                  >
                    开通/调整会员
                  </Button>
                  {u.membership.vipType !== 0 ? (
                    <Button size='small' testId='admin-revoke' onClick={() => act(() => app.api.call(adminRoutes.grant, { wtId, vipType: 0, vipLevel: 0, expiresAt: null }), '会员已取消')}>
                      取消会员
                    </Button>
                  ) : null}
                </View>
              </View>

              <View className='admin-card'>
                <View className='admin-card__title'>账号处理</View>
                <View className='admin-form-row'>
                  <TextField label='原因' value={reason} onChange={setReason} maxLength={200} placeholder='会告知用户' testId='admin-reason' />
                  <TextField label='封禁天数' value={days} onChange={setDays} maxLength={5} error={banDaysError} testId='admin-ban-days' />
                </View>
                <View className='admin-actions'>
                  <Button variant='danger' size='small' disabled={u.state === 'deleted' || banDaysError !== undefined} testId='admin-ban' onClick={() => setConfirming('ban')}>
                    封禁
                  </Button>
                  <Button variant='danger' size='small' disabled={u.state === 'deleted' || u.state === 'deactivated'} testId='admin-deactivate' onClick={() => setConfirming('deactivate')}>
                    停用
                  </Button>
                  <Button size='small' disabled={u.state === 'deleted'} testId='admin-force-logout' onClick={() => act(() => app.api.call(adminRoutes.forceLogout, { wtId, reason }), '已强制下线')}>
                    强制下线
                  </Button>
                  <Button size='small' disabled={u.state === 'active' || u.state === 'deleted'} testId='admin-restore' onClick={() => act(() => app.api.call(adminRoutes.restore, { wtId }), '已恢复')}>
                    恢复
                  </Button>
                </View>
                {action.error ? <View className='form-error'>{action.error}</View> : null}
              </View>
            </View>

            <View className='admin-detail__grid'>
              <View className='admin-card'>
                <View className='admin-card__title'>登录设备（{d.devices.length}）</View>
                {d.devices.map((x) => (
                  <View className='admin-line' key={x.id}>
                    {x.device} · {x.address} · {timeText(x.lastSeen)}
                  </View>
                ))}
                {d.devices.length === 0 ? <View className='admin-muted'>没有登录中的设备</View> : null}
              </View>
              <View className='admin-card'>
                <View className='admin-card__title'>
                  群聊（{d.groups.length}） · 好友 {d.friendCount}
                </View>
                {d.groups.map((g) => (
                  <View className='admin-line' key={g.groupId}>
                    {g.groupName} · 群号 {g.groupNumber} · {g.identity === 3 ? '群主' : g.identity === 2 ? '管理员' : '成员'}
                  </View>
                ))}
                {d.groups.length === 0 ? <View className='admin-muted'>没有加入群聊</View> : null}
              </View>
            </View>
          </View>
        )}
      </Dialog>
      {confirming ? (
        <ConfirmDialog
          open
          title={confirming === 'ban' ? '封禁用户' : '停用账号'}
          danger
          confirmText={confirming === 'ban' ? '封禁' : '停用'}
          testId={`admin-${confirming}-dialog`}
          onConfirm={async () => {
            if (confirming === 'deactivate') await act(() => app.api.call(adminRoutes.deactivate, { wtId, reason }), '已停用')
            else if ('days' in banDays) await act(() => app.api.call(adminRoutes.ban, { wtId, days: banDays.days, reason }), '已封禁')
            setConfirming(null)
          }}
          onClose={() => setConfirming(null)}
        >
          {confirming === 'ban'
            ? `封禁后「${u?.nickName}」${'days' in banDays ? banDays.days : days} 天内无法向其他用户发送消息，小助手会告知其原因和结束时间，确定封禁吗？`
            : `停用后「${u?.nickName}」的所有登录会话立即结束，恢复前无法再登录，确定停用吗？`}
        </ConfirmDialog>
      ) : null}
    </>
  )
}
