/** Whether the app is in front: a visible browser tab, a mini-program on screen. */
export interface VisibilityPort {
  isHidden(): boolean
  /** Called with the new state on every change; returns the function that removes the listener. */
  onChange(fn: (hidden: boolean) => void): () => void
  /**
   * Whether the platform suspends the app (and its sockets) once hidden: WeChat does a few
   * seconds after onAppHide; a browser tab keeps running.
   */
  readonly suspendsWhenHidden: boolean
}

export declare const visibility: VisibilityPort
