import { RoomIdType, type GroupCallInfo } from '../../../../types/call.js'

/**
 * Group calls (a mesh of up to 9 people): the group attribute inner_attr_kit_info kept from the
 * call messages sent in the group conversation. `user_list` is who is in the call, `pending` who
 * is still ringing. The call ends when nobody is left to talk to.
 */
export interface GroupCallRow {
  group_id: string
  invite_id: string
  room_id: string
  room_id_type: number
  call_media_type: number
  user_list: string[]
  pending: string[]
  inviter: string
  status: 'ringing' | 'connected' | 'ended'
}

export function toGroupCallInfo(row: Pick<GroupCallRow, 'group_id' | 'room_id' | 'room_id_type' | 'call_media_type' | 'user_list'>): GroupCallInfo {
  return {
    group_id: row.group_id,
    room_id: row.room_id,
    room_id_type: row.room_id_type === RoomIdType.Number ? RoomIdType.Number : RoomIdType.String,
    call_media_type: row.call_media_type === 1 ? 1 : 2,
    user_list: row.user_list.map((userid) => ({ userid })),
  }
}

/** What the summary of a group call that was answered and is now over says, or null. */
export interface EndedGroupCall {
  inviter: string
  invitees: string[]
  groupId: string
  mediaType: 1 | 2
  timeout: number
  /** From the first answer to the end. */
  seconds: number
}

/**
 * How `wtId` may use the SFU room of a group call that has not ended: 'in' when they are in it
 * (accepted, or its caller); 'ringing' when they are an invitee still ringing (a publication
 * nobody receives, see adapters/janus/sfu.ts); null otherwise.
 */
export function sfuStandingIn(call: GroupCallRow | null, wtId: string): 'in' | 'ringing' | null {
  if (!call) return null
  if (call.user_list.includes(wtId)) return 'in'
  return call.pending.includes(wtId) ? 'ringing' : null
}

/** Who of a call may exchange WebRTC frames: the sender in the call, towards anyone in it or ringing for it. */
export function groupRelayAllowedIn(call: GroupCallRow | null, from: string, to: string): boolean | null {
  if (!call) return null
  const people = [...call.user_list, ...call.pending]
  return from !== to && call.user_list.includes(from) && people.includes(to)
}
