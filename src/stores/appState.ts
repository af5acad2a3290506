import type { BadgesSlice } from './slices/badges'
import type { SessionSlice } from './slices/session'
import type { UiSlice } from './slices/ui'

export type AppState = SessionSlice & BadgesSlice & UiSlice
