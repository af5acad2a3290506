/** Which ends of a horizontal strip have content scrolled out of view (where a fade belongs). */
export interface StripEdges {
  start: boolean
  end: boolean
}

/**
 * A horizontally scrolling strip of tabs found by element id. Desktop mice have only a vertical
 * wheel and no touch, so the strip also scrolls with the wheel and by dragging. Returns the
 * function that stops watching; `onEdges` is called whenever the hidden ends change.
 */
export declare function attachTabStrip(domId: string, onEdges: (edges: StripEdges) => void): () => void

/** Scrolls the strip just enough for the child matching `selector` to be fully in view. */
export declare function revealInStrip(domId: string, selector: string): void

/** Scrolls the strip by most of its width towards its end (1) or its start (-1). */
export declare function pageStrip(domId: string, direction: 1 | -1): void
