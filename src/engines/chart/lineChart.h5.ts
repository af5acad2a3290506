import { chartHost } from '@/platform/chartHost'
import type { ChartSeries, LineChartEngine } from './lineChart'

export type { ChartSeries, LineChartEngine, LineChartHandle } from './lineChart'

/** uPlot and its stylesheet come in their own chunk, so the main bundle does not carry them. */
const loadUplot = () => Promise.all([import(/* webpackChunkName: "uplot" */ 'uplot'), import(/* webpackChunkName: "uplot" */ 'uplot/dist/uPlot.min.css')]).then(([m]) => m.default)

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000

/** A day on the time axis, as the console writes dates (2026-11-07) without the year: 11-07. */
export function axisDay(seconds: number): string {
  const d = new Date(seconds * 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** The charts count things (messages, sign-ups, users): whole-number steps only. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6, 1e7]

/** From zero, a little above the highest day; an empty chart still reads 0 to 4, not 0 to 100. */
const countRange = (_u: unknown, _min: number | null, max: number | null): [number, number] => [0, Math.max(4, Math.ceil((max ?? 0) * 1.1))]

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
        scales: { x: { time: true }, y: { range: countRange } },
        axes: [{ stroke: '#888', grid: { stroke: '#f0f0f0' }, values: (_u: unknown, splits: number[]) => splits.map(axisDay) }, { stroke: '#888', grid: { stroke: '#f0f0f0' }, size: 48, incrs: COUNT_STEPS }],
        series: [{ label: '日期' }, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, fill: `${s.color}22`, points: { size: 4 } }))],
        // Names only: a live legend reads '--' until the pointer is over a day.
        legend: { show: series.length > 1, live: false },
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
