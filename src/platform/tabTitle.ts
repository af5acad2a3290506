/**
 * The title of the browser tab, changed while the app is hidden to say that messages arrived
 * (spec 9) and put back afterwards. Mini-programs have no tab to title.
 */
export interface TabTitlePort {
  get(): string
  set(title: string): void
}

export declare const tabTitle: TabTitlePort
