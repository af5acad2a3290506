import type { StripEdges } from './tabStrip'

/** Mini-program strips scroll by touch alone and cannot be measured synchronously: no fades. */
export function attachTabStrip(_domId: string, _onEdges: (edges: StripEdges) => void): () => void {
  return () => undefined
}

export function revealInStrip(_domId: string, _selector: string): void {}

export function pageStrip(_domId: string, _direction: 1 | -1): void {}
