import type { StateCreator } from 'zustand'
import { initialCallState, type CallState } from '@/engines/call/state'
import type { AppState } from '../appState'

export interface CallLimitDialog {
  open: boolean
}

export interface CallSlice {
  /** The call engine's state, copied on every change (the engine keeps streams and connections). */
  call: CallState
  /** web_media_switch: the call entries show only when it is on. */
  callEntriesEnabled: boolean
  /** The membership dialog of the daily call limit. */
  callLimitDialog: boolean
  setCallState(state: CallState): void
  setCallEntriesEnabled(enabled: boolean): void
  setCallLimitDialog(open: boolean): void
}

export const createCallSlice: StateCreator<AppState, [], [], CallSlice> = (set) => ({
  call: initialCallState(),
  callEntriesEnabled: false,
  callLimitDialog: false,
  setCallState: (call) => set({ call }),
  setCallEntriesEnabled: (callEntriesEnabled) => set({ callEntriesEnabled }),
  setCallLimitDialog: (callLimitDialog) => set({ callLimitDialog }),
})
