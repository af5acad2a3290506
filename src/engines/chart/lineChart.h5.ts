import { chartHost } from '@/platform/chartHost'
import type { ChartSeries, LineChartEngine } from './lineChart'

export type { ChartSeries, LineChartEngine, LineChartHandle } from './lineChart'

/** uPlot and its stylesheet come in their own chunk, so the main bundle does not carry them. */
const loadUplot = () => Promise.all([import(/* webpackChunkName: "uplot" */ 'uplot'), import(/* webpackChunkName: "uplot" */ 'uplot/dist/uPlot.min.css')]).then(([m]) => m.default)

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000

export const lineCharts: LineChartEngine = {
  async mount(elementId: string, days: string[], series: ChartSeries[], height: number) {
    const UPlot = await loadUplot()
    const el = chartHost.element(elementId)
    if (!el) return { destroy() {} }
    const width = Math.max(el.clientWidth, 240)
    const chart = new UPlot(
      {
        width,
        height,
        scales: { x: { time: true } },
        axes: [{ stroke: '#888', grid: { stroke: '#f0f0f0' } }, { stroke: '#888', grid: { stroke: '#f0f0f0' }, size: 48 }],
        series: [{ label: '日期' }, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, fill: `${s.color}22`, points: { size: 4 } }))],
        legend: { show: series.length > 1 },
        cursor: { drag: { x: false, y: false } },
      },
      [days.map(dayStart), ...series.map((s) => s.values)],
      el,
    )
    const stopResizing = chartHost.onResize(() => chart.setSize({ width: Math.max(el.clientWidth, 240), height }))
    return {
      destroy() {
        stopResizing()
        chart.destroy()
      },
    }
  },
}
