export interface VisibleWatchOptions {
  /** Selector of the scrolling container (an id selector: it must be unique on the page). */
  root: string
  /** Selector of the elements to watch inside it. */
  targets: string
  /** Fraction of an element that must be inside the container to count as seen (0..1). */
  ratio: number
  /** The element's data-{keyAttribute} value is what onVisible receives. */
  keyAttribute: string
  onVisible(key: string): void
}

export interface VisibleWatch {
  /** Picks up targets added since the last call (the mini-program cannot see new nodes itself). */
  refresh(): void
  stop(): void
}

/**
 * Reports list items that have become visible enough (spec: a message counts as seen at 70 %).
 * A key may be reported more than once; callers keep track of what they already handled.
 */
export interface IntersectionPort {
  supported(): boolean
  watchVisible(options: VisibleWatchOptions): VisibleWatch
}

export declare const intersection: IntersectionPort
