import { View } from '@tarojs/components'
import { useState } from 'react'
import { API_BASE_PATH } from '@shared/routes/route'
import { adminRoutes } from '@shared/routes/admin'
import Button from '@/components/layout/Button'
import TextField from '@/components/layout/TextField'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { historyText } from '@/domain/membership'
import { fileOpener } from '@/platform/fileOpener'
import { useApp, useAppStore } from '@/root/AppContext'
import Pager from './Pager'
import { timeText, useAdminData } from './useAdminData'

const PAGE_SIZE = 20

/** Redeem codes (generate, list, CSV) and the membership history; granting is in the user dialog. */
export default function MembershipPanel() {
  const app = useApp()
  const token = useAppStore((s) => s.user?.token ?? '')
  const [level, setLevel] = useState('1')
  const [days, setDays] = useState('30')
  const [count, setCount] = useState('10')
  const [batch, setBatch] = useState('')
  const [page, setPage] = useState(1)
  const [historyPage, setHistoryPage] = useState(1)
  const create = useAsyncAction()
  const codes = useAdminData(() => app.api.query(adminRoutes.codes, { batch, pageNum: String(page), pageSize: String(PAGE_SIZE) }), [batch, page])
  const history = useAdminData(() => app.api.query(adminRoutes.history, { pageNum: String(historyPage), pageSize: String(PAGE_SIZE) }), [historyPage])

  const generate = () =>
    create.run(async () => {
      const made = await app.api.call(adminRoutes.createCodes, { vipLevel: Number(level), days: Number(days), count: Number(count) })
      app.toast.success(`已生成${made.length}个兑换码`)
      setPage(1)
      setBatch(made[0]?.batch ?? '')
    })

  const exportCsv = () => {
    const q = `t=${encodeURIComponent(token)}${batch ? `&batch=${encodeURIComponent(batch)}` : ''}`
    fileOpener.download(`${API_BASE}${API_BASE_PATH}${adminRoutes.exportCodes.path}?${q}`, `兑换码${batch ? `-${batch}` : ''}.csv`).catch((err: Error) => app.toast.error(err.message))
  }

  return (
    <View data-testid='admin-membership'>
      <View className='admin-card'>
        <View className='admin-card__title'>生成兑换码</View>
        <View className='admin-muted'>每个兑换码只能使用一次；用户在「会员中心」输入兑换码开通。给指定用户开通会员请在「用户」里操作。</View>
        <View className='admin-form-row'>
          <TextField label='会员等级 1-10' value={level} onChange={setLevel} maxLength={2} testId='admin-code-level' />
          <TextField label='天数' value={days} onChange={setDays} maxLength={4} testId='admin-code-days' />
          <TextField label='数量' value={count} onChange={setCount} maxLength={3} testId='admin-code-count' />
        </View>
        {create.error ? <View className='form-error'>{create.error}</View> : null}
        <View className='admin-actions'>
          <Button variant='primary' loading={create.busy} testId='admin-code-create' onClick={generate}>
            生成
          </Button>
          <Button testId='admin-code-export' onClick={exportCsv}>
            导出 CSV{batch ? '（本批）' : '（全部）'}
          </Button>
          {batch ? (
            <Button variant='ghost' onClick={() => setBatch('')}>
              查看全部批次
            </Button>
          ) : null}
        </View>
      </View>

      <View className='admin-card'>
        <View className='admin-card__title'>兑换码{batch ? ` · 批次 ${batch}` : ''}</View>
        <View className='admin-table'>
          <View className='admin-row admin-row--head'>
            <View className='admin-cell admin-cell--grow'>兑换码</View>
            <View className='admin-cell'>等级/天数</View>
            <View className='admin-cell'>状态</View>
          </View>
          {(codes.data?.rows ?? []).map((c) => (
            <View className='admin-row' key={c.code} data-testid='admin-code-row'>
              <View className='admin-cell admin-cell--grow admin-mono' data-testid='admin-code'>
                {c.code}
              </View>
              <View className='admin-cell'>
                VIP{c.vipLevel} · {c.days} 天
              </View>
              <View className='admin-cell'>{c.redeemedBy ? `已用（${c.redeemedBy}，${timeText(c.redeemedAt)}）` : '未使用'}</View>
            </View>
          ))}
          {codes.data && codes.data.rows.length === 0 ? <View className='admin-empty'>还没有兑换码</View> : null}
        </View>
        <Pager page={page} pageSize={PAGE_SIZE} total={codes.data?.total ?? 0} onPage={setPage} />
      </View>

      <View className='admin-card'>
        <View className='admin-card__title'>会员记录</View>
        {(history.data?.rows ?? []).map((e) => (
          <View className='admin-line' key={e.id}>
            {timeText(e.at)} · {e.nickName}（{e.wtId}） · {historyText(e, timeText)}
            {e.code ? ` · 兑换码 ${e.code}` : ''}
          </View>
        ))}
        {history.data && history.data.rows.length === 0 ? <View className='admin-empty'>暂无记录</View> : null}
        <Pager page={historyPage} pageSize={PAGE_SIZE} total={history.data?.total ?? 0} onPage={setHistoryPage} />
      </View>
    </View>
  )
}
