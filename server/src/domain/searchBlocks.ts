/**
 * Search blocks (migration 170): runs of a channel's consecutive messages, each with the union of
 * their search keys, so that the index holds a row per run instead of per message.
 */
import { addTextKeys, channelKey, hourKey, hourOf, searchText } from './searchKeys.js'

/** A message as the indexer reads it. */
export interface BlockMessage {
  channelId: string
  seq: number
  /** Its channel's number, for the channel key. */
  searchId: number
  /** Its kind and payload, whose words searchText finds (here, not in the database, which the sends share). */
  type: string
  payload: unknown
  createdAt: Date
  revoked: boolean
  /** Its channel's watermark when it was read: its blocks are stored only while that still holds. */
  mark: number
}

export interface SearchBlock {
  channelId: string
  firstSeq: number
  lastSeq: number
  keys: Set<number>
  mark: number
}

/**
 * Most messages in a block. A search checks every message of a block that holds the keyword's
 * terms; larger blocks are fewer index rows but more messages checked for a common word.
 */
export const BLOCK_MESSAGES = 8

/**
 * The blocks of `messages` (in channel and sequence order, each channel's starting above its
 * watermark): consecutive runs of at most BLOCK_MESSAGES. A revoked message adds no terms (it is
 * never found), but its hour and channel keep the run whole.
 */
export function blocksOf(messages: readonly BlockMessage[]): SearchBlock[] {
  const blocks: SearchBlock[] = []
  let count = 0
  for (const m of messages) {
    let open: SearchBlock | undefined = blocks[blocks.length - 1]
    if (!open || open.channelId !== m.channelId || count === BLOCK_MESSAGES) {
      const mark: number = open?.channelId === m.channelId ? open.mark : m.mark
      open = { channelId: m.channelId, firstSeq: m.seq, lastSeq: m.seq, keys: new Set([channelKey(m.searchId)]), mark }
      blocks.push(open)
      count = 0
    }
    open.lastSeq = m.seq
    open.keys.add(hourKey(hourOf(m.createdAt.getTime())))
    const text = m.revoked ? null : searchText(m.type, m.payload)
    if (text) addTextKeys(text, open.keys)
    count++
  }
  return blocks
}
