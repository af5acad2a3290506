import type { StateCreator } from 'zustand'
import type { GroupCallInfo } from '@shared/call'
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
  /** inner_attr_kit_info of the groups looked at, for the join banner (null: no live call). */
  groupCalls: Record<string, GroupCallInfo | null>
  setCallState(state: CallState): void
  setGroupCall(groupID: string, info: GroupCallInfo | null): void
  setCallEntriesEnabled(enabled: boolean): void
  setCallLimitDialog(open: boolean): void
}

export const createCallSlice: StateCreator<AppState, [], [], CallSlice> = (set) => ({
  call: initialCallState(),
  callEntriesEnabled: false,
  callLimitDialog: false,
  groupCalls: {},
  setCallState: (call) => set({ call }),
  setGroupCall: (groupID, info) => set((s) => ({ groupCalls: { ...s.groupCalls, [groupID]: info } })),
  setCallEntriesEnabled: (callEntriesEnabled) => set({ callEntriesEnabled }),
  setCallLimitDialog: (callLimitDialog) => set({ callLimitDialog }),
})
