/** One series of a per-day chart: its name, colour and a value per day. */
export interface ChartSeries {
  label: string
  color: string
  values: number[]
}

export interface LineChartHandle {
  destroy(): void
}

/**
 * Per-day line charts of the operator console (uPlot on H5, loaded in a chunk of its own the
 * first time a chart is drawn; the mini-program has no console and draws nothing).
 */
export interface LineChartEngine {
  /** Draws into the element with this id; `days` are YYYY-MM-DD. */
  mount(elementId: string, days: string[], series: ChartSeries[], height: number): Promise<LineChartHandle>
}

export declare const lineCharts: LineChartEngine
