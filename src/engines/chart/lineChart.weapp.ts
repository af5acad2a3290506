import type { LineChartEngine } from './lineChart'

export type { ChartSeries, LineChartEngine, LineChartHandle } from './lineChart'

/** The mini-program shows no console, so no chart is ever drawn there. */
export const lineCharts: LineChartEngine = {
  async mount() {
    return { destroy() {} }
  },
}
