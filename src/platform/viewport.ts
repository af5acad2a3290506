export interface ViewportPort {
  /** The window's inner size in px, as Taro.getWindowInfo reports windowWidth and windowHeight. */
  size(): { width: number; height: number }
}

export declare const viewport: ViewportPort
