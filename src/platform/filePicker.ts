// IMAGE_ACCEPT and mimeFromName are in ./fileTypes: Taro swaps this file for the platform one
// at build time, so only types can live here.

/** A file the user picked, ready to preview and upload. */
export interface PickedFile {
  name: string
  size: number
  /** MIME type; '' when the device does not say. */
  mime: string
  /** Something <Image>/<Video> can show at once: an object URL (H5) or the temp path (mini-program). */
  localUrl: string
  /** H5: the file itself. */
  blob?: Blob
  /** Mini-program: the temp file path. */
  path?: string
  /** Mini-program videos: the poster frame the picker made. */
  thumbPath?: string
}

export type PickKind = 'image' | 'video' | 'file'

/**
 * The system file chooser. Every pick resolves with what was chosen, [] / null when the user
 * cancelled. On H5 each kind has one hidden <input type=file> under <body> (data-testid
 * `file-input-image`, `file-input-video`, `file-input-file`), so automated tests can set files
 * on it once the pick has started.
 */
export interface FilePickerPort {
  pickImages(options?: { multiple?: boolean }): Promise<PickedFile[]>
  pickImage(): Promise<PickedFile | null>
  pickVideo(): Promise<PickedFile | null>
  pickFile(): Promise<PickedFile | null>
  /** Frees the local preview once it is no longer shown. */
  release(file: PickedFile): void
}

export declare const filePicker: FilePickerPort
