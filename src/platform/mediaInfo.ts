import type { PickedFile } from './filePicker'

export interface ImageSize {
  width: number
  height: number
}

export interface VideoInfo {
  /** Seconds. */
  duration: number
  width: number
  height: number
  /** A still of the first frames, as an image file to upload; null when none could be made. */
  poster: PickedFile | null
}

/** Sizes and posters of picked media, for the message payloads. Failures give zeros, not errors. */
export interface MediaInfoPort {
  imageSize(file: PickedFile): Promise<ImageSize>
  videoInfo(file: PickedFile): Promise<VideoInfo>
}

export declare const mediaInfo: MediaInfoPort
