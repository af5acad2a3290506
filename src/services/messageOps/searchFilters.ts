import { MsgType, SummaryLabel, type Message } from '@shared/chat'
import { SearchFilter } from '@shared/messageOps'
import { customMessageSummary } from '@/utils/summary'

/** Section 3 "Message type filters", with their tab labels. */
export const SEARCH_FILTERS: ReadonlyArray<{ key: SearchFilter; label: string }> = [
  { key: SearchFilter.All, label: '全部' },
  { key: SearchFilter.Text, label: '文本' },
  { key: SearchFilter.File, label: '文件' },
  { key: SearchFilter.Media, label: '图片/视频' },
  { key: SearchFilter.Other, label: '其他' },
]

const KINDS: Record<SearchFilter, readonly string[]> = {
  all: [MsgType.Text, MsgType.Face, MsgType.Image, MsgType.Video, MsgType.Audio, MsgType.File, MsgType.Location, MsgType.Merger, MsgType.Custom],
  text: [MsgType.Text],
  file: [MsgType.File],
  media: [MsgType.Image, MsgType.Video],
  other: [MsgType.Audio, MsgType.Location, MsgType.Custom, MsgType.Merger],
}

/** Whether a message belongs under a filter (used to keep live results consistent with the server's). */
export const matchesFilter = (m: Pick<Message, 'type'>, filter: SearchFilter) => KINDS[filter].includes(m.type)

/** A one-line summary of a search result. */
export function resultSummary(m: Pick<Message, 'type' | 'payload'>): string {
  switch (m.type) {
    case MsgType.Text:
      return String(m.payload.text ?? '')
    case MsgType.File:
      return `${SummaryLabel.File} ${String(m.payload.fileName ?? '')}`
    case MsgType.Image:
      return SummaryLabel.Image
    case MsgType.Video:
      return SummaryLabel.Video
    case MsgType.Audio:
      return SummaryLabel.Audio
    case MsgType.Location:
      return SummaryLabel.Location
    case MsgType.Merger:
      return SummaryLabel.Merger
    case MsgType.Face:
      return SummaryLabel.Face
    case MsgType.Custom:
      // System lines (friend and group events) and cards read as their text, as in the chat.
      return customMessageSummary(m.payload)
    default:
      return SummaryLabel.Custom
  }
}

/** The keyword's place in a text, for highlighting: [before, match, after], or null. */
export function splitOnKeyword(text: string, keyword: string): [string, string, string] | null {
  const k = keyword.trim()
  if (!k) return null
  const at = text.toLowerCase().indexOf(k.toLowerCase())
  if (at < 0) return null
  return [text.slice(0, at), text.slice(at, at + k.length), text.slice(at + k.length)]
}
