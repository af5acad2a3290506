import { View } from '@tarojs/components'
import { useEffect, useId } from 'react'
import type { DayValue } from '@shared/admin'
import { lineCharts, type ChartSeries } from '@/engines/chart/lineChart'

interface LineChartProps {
  title: string
  series: Array<{ label: string; color: string; points: DayValue[] }>
  testId?: string
}

/** A per-day chart card of the overview. */
export default function LineChart({ title, series, testId }: LineChartProps) {
  const id = `chart-${useId().replace(/[^a-zA-Z0-9]/g, '')}`
  useEffect(() => {
    const days = series[0]?.points.map((p) => p.day) ?? []
    const data: ChartSeries[] = series.map((s) => ({ label: s.label, color: s.color, values: s.points.map((p) => p.value) }))
    let handle: { destroy(): void } | null = null
    let gone = false
    lineCharts.mount(id, days, data, 180).then((h) => (gone ? h.destroy() : (handle = h)), () => undefined)
    return () => {
      gone = true
      handle?.destroy()
    }
  }, [series])
  const total = series.map((s) => `${s.label} ${s.points.at(-1)?.value ?? 0}`).join(' · ')
  return (
    <View className='admin-card admin-chart' data-testid={testId}>
      <View className='admin-card__title'>{title}</View>
      <View className='admin-chart__today'>今日：{total}</View>
      <View id={id} className='admin-chart__plot' />
    </View>
  )
}
