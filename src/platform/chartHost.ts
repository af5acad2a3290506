/** Where a chart engine draws: an element of the page by id, and its width as the window resizes. */
export interface ChartHostPort {
  /** The element with this id, or null (the mini-program has none). */
  element(id: string): HTMLElement | null
  /** Calls `fn` after each window resize; returns the remove. */
  onResize(fn: () => void): () => void
}

export declare const chartHost: ChartHostPort
