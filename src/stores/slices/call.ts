import type { StateCreator } from 'zustand'
import type { GroupCallInfo } from '@shared/call'
import type { LiveView } from '@/engines/call/liveView'
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
  /**
   * This platform has no media path of its own and the server no TRTC application (the
   * mini-program without TRTC): the call entries stay hidden and one line says why.
   */
  callsUnavailable: boolean
  /** The mini-program's live-pusher and live-players of the running call (TRTC). */
  liveView: LiveView | null
  /** The membership dialog of the daily call limit. */
  callLimitDialog: boolean
  /** inner_attr_kit_info of the groups looked at, for the join banner (null: no live call). */
  groupCalls: Record<string, GroupCallInfo | null>
  setCallState(state: CallState): void
  setGroupCall(groupID: string, info: GroupCallInfo | null): void
  setCallEntriesEnabled(enabled: boolean): void
  setCallsUnavailable(unavailable: boolean): void
  setLiveView(view: LiveView | null): void
  setCallLimitDialog(open: boolean): void
}

export const createCallSlice: StateCreator<AppState, [], [], CallSlice> = (set) => ({
  call: initialCallState(),
  callEntriesEnabled: false,
  callsUnavailable: false,
  liveView: null,
  callLimitDialog: false,
  groupCalls: {},
  setCallState: (call) => set({ call }),
  setGroupCall: (groupID, info) => set((s) => ({ groupCalls: { ...s.groupCalls, [groupID]: info } })),
  setCallEntriesEnabled: (callEntriesEnabled) => set({ callEntriesEnabled }),
  setCallsUnavailable: (callsUnavailable) => set({ callsUnavailable }),
  setLiveView: (liveView) => set({ liveView }),
  setCallLimitDialog: (callLimitDialog) => set({ callLimitDialog }),
})
