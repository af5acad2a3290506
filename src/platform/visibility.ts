/** Whether the app is in front: a visible browser tab, a mini-program on screen. */
export interface VisibilityPort {
  isHidden(): boolean
  /** Called with the new state on every change; returns the function that removes the listener. */
  onChange(fn: (hidden: boolean) => void): () => void
}

export declare const visibility: VisibilityPort
