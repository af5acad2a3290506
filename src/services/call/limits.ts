import { CALL_LIMITS } from '@shared/call'
import type { CallEngine } from '@/engines/call/CallEngine'
import { CallRole, LayoutState } from '@/engines/call/state'

/**
 * The caller's side of the daily call-time limit (messaging-app section 4 "Calls from the
 * messaging application"): when a dial turns into a call, ask the server (POST /media/call) and
 * keep the record id; report every 60 s; hang up after 3 failed reports, on a refused start, or
 * when the limit is reached (with the membership dialog); report the end.
 */
export interface LimitDeps {
  startRecord(acceptWtId: string, callType: 1 | 2): Promise<number>
  heartbeat(callId: number): Promise<0 | 1>
  exit(callId: number): Promise<unknown>
  showLimitDialog(): void
}

const DIALING: readonly string[] = [LayoutState.DialingC2C, LayoutState.DialingGroup]
const CALLING: readonly string[] = [LayoutState.CallingC2CAudio, LayoutState.CallingC2CVideo, LayoutState.CallingGroupAudio, LayoutState.CallingGroupVideo]

export function bindCallLimits(engine: CallEngine, deps: LimitDeps): () => void {
  let callId: number | null = null
  let failures = 0
  let timer: ReturnType<typeof setInterval> | null = null
  let generation = 0

  const stopTimer = () => {
    if (timer) clearInterval(timer)
    timer = null
  }

  async function beat(gen: number): Promise<void> {
    if (callId === null || gen !== generation) return
    try {
      const reached = await deps.heartbeat(callId)
      if (gen !== generation) return
      failures = 0
      if (reached === 1) {
        deps.showLimitDialog()
        await engine.hangup()
      }
    } catch {
      if (gen !== generation) return
      failures += 1
      if (failures >= CALL_LIMITS.heartbeatFailures) await engine.hangup()
    }
  }

  async function begin(gen: number): Promise<void> {
    const s = engine.getState()
    const peer = s.remoteUserInfoList[0]?.userId
    if (!peer) return
    try {
      const id = await deps.startRecord(peer, s.callMediaType === 2 ? 2 : 1)
      if (gen !== generation) {
        await deps.exit(id).catch(() => undefined)
        return
      }
      callId = id
      timer = setInterval(() => void beat(gen), CALL_LIMITS.heartbeatMs)
    } catch {
      if (gen === generation) await engine.hangup()
    }
  }

  return engine.on('statusChanged', ({ oldStatus, newStatus }) => {
    if (DIALING.includes(oldStatus) && CALLING.includes(newStatus) && engine.getState().callRole === CallRole.Caller) {
      generation += 1
      failures = 0
      void begin(generation)
    } else if (newStatus === LayoutState.Idle) {
      generation += 1
      stopTimer()
      if (callId !== null) void deps.exit(callId).catch(() => undefined)
      callId = null
    }
  })
}
