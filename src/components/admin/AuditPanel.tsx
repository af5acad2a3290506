import { View } from '@tarojs/components'
import { ADMIN_FILTER_MAX } from '@shared/plain/admin'
import { useState } from 'react'
import { adminRoutes } from '@shared/routes/admin'
import Button from '@/components/layout/Button'
import TextField from '@/components/layout/TextField'
import { useApp } from '@/root/AppContext'
import { ACTION_TEXT } from './labels'
import Pager from './Pager'
import { timeText, useAdminData } from './useAdminData'

const PAGE_SIZE = 20
const brief = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v).slice(0, 300))

/** Every operator action: who, what, when, on whom, before and after. */
export default function AuditPanel() {
  const app = useApp()
  const [target, setTarget] = useState('')
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(1)
  const log = useAdminData(() => app.api.query(adminRoutes.audit, { target: query, pageNum: String(page), pageSize: String(PAGE_SIZE) }), [query, page])
  return (
    <View data-testid='admin-audit'>
      <View className='admin-toolbar'>
        <TextField value={target} onChange={setTarget} onConfirm={() => setQuery(target.trim())} placeholder='按对象筛选（用户ID、举报编号…）' maxLength={ADMIN_FILTER_MAX} />
        <Button
          variant='primary'
          onClick={() => {
            setPage(1)
            setQuery(target.trim())
          }}
        >
          筛选
        </Button>
      </View>
      {(log.data?.rows ?? []).map((e) => (
        <View className='admin-card admin-audit' key={e.id} data-testid='admin-audit-row'>
          <View className='admin-audit__head'>
            <View className='admin-tag admin-tag--blue'>{ACTION_TEXT[e.action] ?? e.action}</View>
            <View>对象 {e.target || '—'}</View>
            <View className='admin-muted'>
              {e.operatorName || e.operator} · {timeText(e.at)}
            </View>
          </View>
          <View className='admin-audit__diff admin-mono'>之前：{brief(e.before)}</View>
          <View className='admin-audit__diff admin-mono'>之后：{brief(e.after)}</View>
        </View>
      ))}
      {log.data && log.data.rows.length === 0 ? <View className='admin-empty'>没有记录</View> : null}
      <Pager page={page} pageSize={PAGE_SIZE} total={log.data?.total ?? 0} onPage={setPage} />
    </View>
  )
}
