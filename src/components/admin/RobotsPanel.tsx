import { View } from '@tarojs/components'
import { ADMIN_FILTER_MAX } from '@shared/plain/admin'
import { useState } from 'react'
import { ROBOT_LABEL } from '@shared/bots'
import { botRoutes } from '@shared/routes/bots'
import Button from '@/components/layout/Button'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import TextField from '@/components/layout/TextField'
import { useApp } from '@/root/AppContext'
import Pager from './Pager'
import { timeText, useAdminData } from './useAdminData'

const PAGE_SIZE = 20

/** Every group's robots (docs/bots.md): pause or remove any of them, and the site-wide switch. */
export default function RobotsPanel() {
  const app = useApp()
  const [keyword, setKeyword] = useState('')
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(1)
  const [removing, setRemoving] = useState<{ robotId: string; name: string } | null>(null)
  const [turningOff, setTurningOff] = useState(false)
  const list = useAdminData(() => app.api.query(botRoutes.adminList, { keyword: query, pageNum: String(page), pageSize: String(PAGE_SIZE) }), [query, page])
  const sw = useAdminData(() => app.api.call(botRoutes.adminSwitch), [])
  const act = async (run: () => Promise<unknown>, done: string) => {
    await run().then(
      () => {
        app.toast.success(done)
        list.reload()
      },
      () => undefined,
    )
  }
  const enabled = sw.data?.enabled ?? true
  const setSwitch = (on: boolean) => app.api.call(botRoutes.adminSetSwitch, { enabled: on }).then((r) => sw.setData(r), () => undefined)
  return (
    <View data-testid='admin-robots'>
      <View className='admin-card admin-toolbar'>
        <View>群机器人功能：{sw.data ? (enabled ? '已开启' : '已关闭') : '…'}</View>
        <Button
          variant={enabled ? 'danger' : 'primary'}
          testId='admin-robots-switch'
          onClick={() => (enabled ? setTurningOff(true) : void setSwitch(true))}
        >
          {enabled ? '全站关闭' : '全站开启'}
        </Button>
      </View>
      <View className='admin-toolbar'>
        <TextField value={keyword} onChange={setKeyword} onConfirm={() => setQuery(keyword.trim())} placeholder='机器人名称、群号或群名' testId='admin-robots-search' maxLength={ADMIN_FILTER_MAX} />
        <Button
          variant='primary'
          onClick={() => {
            setPage(1)
            setQuery(keyword.trim())
          }}
        >
          搜索
        </Button>
      </View>
      {(list.data?.rows ?? []).map((r) => (
        <View className='admin-card' key={r.robotId} data-testid='admin-robot-row' data-id={r.robotId}>
          <View className='admin-audit__head'>
            <View className='admin-tag admin-tag--blue'>{ROBOT_LABEL}</View>
            <View>{r.name}</View>
            {r.paused ? <View className='admin-tag'>已暂停</View> : null}
            <View className='admin-muted'>
              群 {r.groupName}（{r.groupNumber}） · 最近发消息 {r.lastPostAt ? timeText(r.lastPostAt * 1000) : '—'}
            </View>
          </View>
          <View className='admin-muted'>{r.description || '—'}{r.callbackUrl ? ` · 回调 ${r.callbackUrl}` : ''}</View>
          <View className='admin-toolbar'>
            <Button size='small' testId='admin-robot-pause' label={`${r.paused ? '恢复' : '暂停'} ${r.name}`} onClick={() => void act(() => app.api.call(botRoutes.adminPause, { robotId: r.robotId, paused: !r.paused }), r.paused ? '已恢复' : '已暂停')}>
              {r.paused ? '恢复' : '暂停'}
            </Button>
            <Button size='small' variant='danger' testId='admin-robot-remove' label={`移除 ${r.name}`} onClick={() => setRemoving({ robotId: r.robotId, name: r.name })}>
              移除
            </Button>
          </View>
        </View>
      ))}
      {list.data && list.data.rows.length === 0 ? <View className='admin-empty'>没有机器人</View> : null}
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
      <ConfirmDialog
        open={removing !== null}
        title='移除群机器人'
        danger
        confirmText='移除'
        testId='admin-robot-remove-dialog'
        onConfirm={async () => {
          if (removing) await act(() => app.api.call(botRoutes.adminRemove, { robotId: removing.robotId }), '已移除')
          setRemoving(null)
        }}
        onClose={() => setRemoving(null)}
      >
        {`移除后「${removing?.name ?? ''}」的地址立即失效，群里不再收到它的消息，确定移除吗？`}
      </ConfirmDialog>
      <ConfirmDialog
        open={turningOff}
        title='全站关闭群机器人'
        danger
        confirmText='全站关闭'
        testId='admin-robots-switch-dialog'
        onConfirm={async () => {
          await setSwitch(false)
          setTurningOff(false)
        }}
        onClose={() => setTurningOff(false)}
      >
        关闭后所有群机器人都不能再发消息，群主也不能添加新的机器人；重新开启后恢复。确定关闭吗？
      </ConfirmDialog>
    </View>
  )
}
