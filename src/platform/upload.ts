import type { PickedFile } from './filePicker'
import type { HttpResponse } from './http'

export interface UploadRequest {
  /** Absolute URL (mini-program) or origin-relative URL (H5). */
  url: string
  file: PickedFile
  /** The multipart field of the file. */
  fieldName: string
  /** Other multipart fields; sent before the file, so the server knows them when the file arrives. */
  fields: Record<string, string>
  header: Record<string, string>
  /** Fraction sent, 0..1, as the upload goes. */
  onProgress?: (fraction: number) => void
  timeout: number
}

/**
 * A multipart POST with progress. Like the http port it resolves with any HTTP answer (body
 * parsed as JSON when it is JSON) and rejects with an HttpFailure when there is none.
 */
export interface UploadPort {
  upload(req: UploadRequest): Promise<HttpResponse>
}

export declare const upload: UploadPort
