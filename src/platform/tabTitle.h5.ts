import type { TabTitlePort } from './tabTitle'

// document.title directly: the router's page title (platform/location) must not remember this one.
export const tabTitle: TabTitlePort = {
  get: () => document.title,
  set(title) {
    document.title = title
  },
}
