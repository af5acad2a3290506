export interface ScrollMetrics {
  scrollTop: number
  scrollHeight: number
  /** Height of the visible part. */
  clientHeight: number
}

/**
 * Reading and setting the scroll position of a scrolling container found by its element id. The
 * message list needs both (stay at the bottom, keep the view still while older messages are put
 * above), which a ScrollView's declarative scrollTop cannot express on every platform.
 */
export interface ScrollerPort {
  /** Resolves null when no element has that id. */
  metrics(id: string): Promise<ScrollMetrics | null>
  scrollTo(id: string, top: number, smooth?: boolean): void
  /**
   * How far the top of element `childId` is below the top of container `id`'s visible area (negative
   * when scrolled past); null when either is missing. Read before and after rows change above a
   * row, it says how far to scroll for that row to stay where the reader sees it.
   */
  offsetOf(id: string, childId: string): Promise<number | null>
  /** Scrolls container `id` so that the element `childId` inside it sits in the middle. */
  revealChild(id: string, childId: string): Promise<void>
  /**
   * Calls `onResize` whenever the element `contentId` (the container's content) or the container
   * around it changes height, as when images finish loading or a bar opens under the list.
   * Returns the function that stops watching.
   */
  watchContent(contentId: string, onResize: () => void): () => void
}

export declare const scroller: ScrollerPort
