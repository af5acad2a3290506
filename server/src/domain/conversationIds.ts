import { ConvType } from '../../../types/chat.js'
import { HELPER_ID } from '../../../types/favorites.js'

export type ConvRef =
  | { type: typeof ConvType.C2C; peer: string; channelId: string; conversationID: string }
  | { type: typeof ConvType.Group; groupId: string; channelId: string; conversationID: string }

export const c2cChannel = (a: string, b: string) => (a < b ? `c2c:${a}:${b}` : `c2c:${b}:${a}`)
export const groupChannel = (groupId: string) => `group:${groupId}`

/** A conversation ID as seen by `me`: 'C2C<peer>' or 'GROUP<groupID>'. */
export function parseConversationId(me: string, conversationID: string): ConvRef | null {
  if (conversationID.startsWith('C2C')) {
    const peer = conversationID.slice(3)
    // The official helper is the one peer whose id is not a number (spec 1: C2CwisperHelper).
    if (!(/^\d{5,12}$/.test(peer) || (peer === HELPER_ID && /^\d{5,12}$/.test(me))) || peer === me) return null
    return { type: ConvType.C2C, peer, channelId: c2cChannel(me, peer), conversationID }
  }
  if (conversationID.startsWith('GROUP')) {
    const groupId = conversationID.slice(5)
    if (!/^G\d+$/.test(groupId)) return null
    return { type: ConvType.Group, groupId, channelId: groupChannel(groupId), conversationID }
  }
  return null
}

/** The conversation ID the other side of a C2C channel uses. */
export const c2cIdFor = (peerOfViewer: string) => `C2C${peerOfViewer}`
export const groupConversationId = (groupId: string) => `GROUP${groupId}`
