import type { Favorite } from '@shared/favorites'
import { favoriteKindLabel, favoriteTitle } from './favoriteList'

/** What a collect card carries (spec 3: detail with id, collectTitle, videoImage, noteContent) plus what opening it needs. */
export interface CollectDetail {
  id: number
  contentType: number
  collectTitle: string
  videoImage: string
  noteContent: string
  imageUrl: string
  videoUrl: string
  fileUrl: string
  fileName: string
  fileSize: number
  addressTitle: string
  lat: number | null
  lng: number | null
}

/** The `collect` custom message of a favorite: its JSON data and the summary line of the conversation list. */
export function collectMessageData(f: Favorite): { data: { type: 'collect'; detail: string }; description: string } {
  const detail: CollectDetail = {
    id: f.id,
    contentType: f.contentType,
    collectTitle: favoriteTitle(f),
    videoImage: f.contentType === 2 ? f.imageUrl : f.videoImage,
    noteContent: f.noteContent,
    imageUrl: f.imageUrl,
    videoUrl: f.videoUrl,
    fileUrl: f.fileUrl,
    fileName: f.fileName,
    fileSize: f.fileSize,
    addressTitle: f.addressTitle,
    lat: f.lat,
    lng: f.lng,
  }
  return { data: { type: 'collect', detail: JSON.stringify(detail) }, description: `[收藏] ${favoriteKindLabel(f.contentType)}` }
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** Reads a collect card's detail back, defensively: other clients send only the spec's four fields. */
export function readCollectDetail(detail: Record<string, unknown>): CollectDetail {
  return {
    id: num(detail.id) ?? 0,
    contentType: num(detail.contentType) ?? 99,
    collectTitle: str(detail.collectTitle),
    videoImage: str(detail.videoImage),
    noteContent: str(detail.noteContent),
    imageUrl: str(detail.imageUrl),
    videoUrl: str(detail.videoUrl),
    fileUrl: str(detail.fileUrl),
    fileName: str(detail.fileName),
    fileSize: num(detail.fileSize) ?? 0,
    addressTitle: str(detail.addressTitle),
    lat: num(detail.lat),
    lng: num(detail.lng),
  }
}
