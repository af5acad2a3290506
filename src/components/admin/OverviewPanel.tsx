import { View } from '@tarojs/components'
import { adminRoutes } from '@shared/routes/admin'
import { useApp } from '@/root/AppContext'
import LineChart from './LineChart'
import { useAdminData } from './useAdminData'

/** Totals and the per-day charts of the last 30 days. */
export default function OverviewPanel() {
  const app = useApp()
  const { data } = useAdminData(() => app.api.query(adminRoutes.overview, { days: '30' }))
  if (!data) return <View className='admin-loading'>加载中…</View>
  const stats = [
    { label: '注册用户', value: data.totalUsers },
    { label: '会员', value: data.members },
    { label: '待处理举报', value: data.openReports },
    { label: '当前在线连接', value: data.onlineConnections },
  ]
  return (
    <View data-testid='admin-overview'>
      <View className='admin-stats'>
        {stats.map((s) => (
          <View className='admin-card admin-stat' key={s.label}>
            <View className='admin-stat__value'>{s.value}</View>
            <View className='admin-stat__label'>{s.label}</View>
          </View>
        ))}
      </View>
      <View className='admin-charts'>
        <LineChart
          title='注册与日活用户'
          testId='chart-users'
          series={[
            { label: '新注册', color: '#07c160', points: data.registered },
            { label: '日活', color: '#1677ff', points: data.dailyActive },
          ]}
        />
        <LineChart title='每日消息数' testId='chart-messages' series={[{ label: '消息', color: '#fa9d3b', points: data.messages }]} />
        <LineChart title='每日通话分钟数' testId='chart-calls' series={[{ label: '分钟', color: '#8a63d2', points: data.callMinutes }]} />
      </View>
    </View>
  )
}
