import { Image, View } from '@tarojs/components'
import { useState } from 'react'
import { AdminText, parseBanDays, type AdminReport, type ReportStatus } from '@shared/admin'
import { API_BASE_PATH } from '@shared/routes/route'
import { adminRoutes } from '@shared/routes/admin'
import Button from '@/components/layout/Button'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import Dialog from '@/components/layout/Dialog'
import TextField from '@/components/layout/TextField'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { fileOpener } from '@/platform/fileOpener'
import { useApp, useAppStore } from '@/root/AppContext'
import { REPORT_STATUS_TEXT } from './labels'
import Pager from './Pager'
import { timeText, useAdminData } from './useAdminData'
import { pressable } from '@/platform/focus'

const PAGE_SIZE = 10
const FILTERS: Array<ReportStatus | 'all'> = ['open', 'warned', 'banned', 'dismissed', 'all']

/** The reports queue: each report with its type, text, images, target and reporter; dismiss, warn or ban. */
export default function ReportsPanel() {
  const app = useApp()
  const token = useAppStore((s) => s.user?.token ?? '')
  const [status, setStatus] = useState<ReportStatus | 'all'>('open')
  const [page, setPage] = useState(1)
  const [preview, setPreview] = useState<string | null>(null)
  const list = useAdminData(() => app.api.query(adminRoutes.reports, { status, pageNum: String(page), pageSize: String(PAGE_SIZE) }), [status, page])

  const exportCsv = () =>
    fileOpener.download(`${API_BASE}${API_BASE_PATH}${adminRoutes.exportReports.path}?t=${encodeURIComponent(token)}`, '举报.csv').catch((err: Error) => app.toast.error(err.message))

  return (
    <View data-testid='admin-reports'>
      <View className='admin-toolbar'>
        <View className='admin-chips'>
          {FILTERS.map((f) => (
            <View {...pressable()}
              key={f}
              className={`admin-chip${status === f ? ' admin-chip--on' : ''}`}
              onClick={() => {
                setPage(1)
                setStatus(f)
              }}
            >
              {f === 'all' ? '全部' : REPORT_STATUS_TEXT[f]}
            </View>
          ))}
        </View>
        <Button size='small' onClick={exportCsv}>
          导出 CSV
        </Button>
      </View>
      {(list.data?.rows ?? []).map((r) => (
        <ReportCard key={r.id} report={r} onPreview={setPreview} onHandled={list.reload} />
      ))}
      {list.data && list.data.rows.length === 0 ? <View className='admin-empty'>没有举报</View> : null}
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
      <Dialog open={preview !== null} title='图片预览' onClose={() => setPreview(null)} closeOnMask wide>
        {preview ? <Image nativeProps={{ alt: '' }} className='admin-preview' src={app.chat.mediaUrl(preview)} mode='aspectFit' /> : null}
      </Dialog>
    </View>
  )
}

function ReportCard({ report: r, onPreview, onHandled }: { report: AdminReport; onPreview(url: string): void; onHandled(): void }) {
  const app = useApp()
  const me = useAppStore((s) => s.user?.wtId ?? '')
  const [message, setMessage] = useState('')
  const [days, setDays] = useState('7')
  // The same rule as the user dialog and the server: a wrong number is named under the field.
  const banDays = parseBanDays(days)
  const banDaysError = 'error' in banDays ? banDays.error : undefined
  const action = useAsyncAction()
  const [confirming, setConfirming] = useState<'warn' | 'ban' | null>(null)
  const handle = (kind: 'dismiss' | 'warn' | 'ban') =>
    action.run(async () => {
      await app.api.call(adminRoutes.handleReport, { id: r.id, action: kind, message, ...('days' in banDays ? { banDays: banDays.days } : {}) })
      app.toast.success('已处理，已通知举报人')
      onHandled()
    })
  // A group's ban and warning go to its owner.
  const whom = r.targetType === 0 ? `「${r.targetName || r.targetId}」` : `群聊「${r.targetName || r.targetId}」的群主（ID ${r.targetWtId ?? '—'}）`
  return (
    <View className='admin-card admin-report' data-testid={`admin-report-${r.id}`}>
      <View className='admin-report__head'>
        <View className='admin-tag admin-tag--banned'>{r.typeLabel}</View>
        <View className='admin-report__target'>
          {r.targetType === 0 ? '用户' : '群聊'}「{r.targetName || r.targetId}」{r.targetType === 0 ? `（ID ${r.targetId}）` : `（群主 ${r.targetWtId ?? '—'}）`}
        </View>
        <View className={`admin-tag admin-tag--${r.status === 'open' ? 'banned' : 'active'}`}>{REPORT_STATUS_TEXT[r.status]}</View>
      </View>
      <View className='admin-report__detail'>{r.detail}</View>
      <View className='admin-report__images'>
        {r.images.map((url, i) => (
          <View {...pressable(`查看举报图片${i + 1}`)} key={url} className='admin-report__image-button' data-testid='admin-report-image' onClick={() => onPreview(url)}>
            <Image nativeProps={{ alt: '' }} className='admin-report__image' src={app.chat.mediaUrl(url)} mode='aspectFill' />
          </View>
        ))}
      </View>
      <View className='admin-muted'>
        举报人 {r.reporterName}（{r.reporterWtId}） · {timeText(r.createdAt)}
        {r.handledAt ? ` · 处理于 ${timeText(r.handledAt)}：${r.result}` : ''}
      </View>
      {r.status === 'open' && r.targetWtId === me ? (
        <View className='admin-warn' data-testid='admin-report-self'>
          {AdminText.ReportAgainstSelf}
        </View>
      ) : null}
      {r.status === 'open' && r.targetWtId !== me ? (
        <View>
          <View className='admin-form-row'>
            <TextField label='警告内容或封禁原因（选填）' value={message} onChange={setMessage} maxLength={200} testId='admin-report-message' />
            <TextField label='封禁天数' value={days} onChange={setDays} maxLength={5} error={banDaysError} testId={`admin-report-days-${r.id}`} />
          </View>
          <View className='admin-actions'>
            <Button size='small' loading={action.busy} testId='admin-report-dismiss' onClick={() => handle('dismiss')}>
              驳回
            </Button>
            <Button size='small' variant='primary' testId='admin-report-warn' onClick={() => setConfirming('warn')}>
              警告
            </Button>
            <Button size='small' variant='danger' disabled={banDaysError !== undefined} testId='admin-report-ban' onClick={() => setConfirming('ban')}>
              封禁
            </Button>
          </View>
          {action.error ? <View className='form-error'>{action.error}</View> : null}
        </View>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'ban' ? '封禁被举报方' : '警告被举报方'}
        danger
        confirmText={confirming === 'ban' ? '封禁' : '警告'}
        testId={`admin-report-${confirming ?? 'warn'}-dialog`}
        onConfirm={async () => {
          if (confirming) await handle(confirming)
          setConfirming(null)
        }}
        onClose={() => setConfirming(null)}
      >
        {confirming === 'ban'
          ? `封禁后${whom}${'days' in banDays ? banDays.days : ''} 天内无法向其他用户发送消息，小助手会告知其原因和结束时间，确定封禁吗？`
          : `警告后小助手会向${whom}发送警告消息，发出后无法撤回，确定警告吗？`}
      </ConfirmDialog>
    </View>
  )
}
