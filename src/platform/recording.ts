/** Errors and limits of voice recording, shared by recorder.h5 and recorder.weapp. */

export type RecorderErrorCode = 'unsupported' | 'noMicrophone' | 'denied' | 'notRecording' | 'failed'

/** Why recording could not start or finish; `message` is the text to show. */
export class RecorderError extends Error {
  constructor(
    readonly code: RecorderErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'RecorderError'
  }
}

export const RECORDER_TEXT: Record<RecorderErrorCode, string> = {
  unsupported: '当前环境不支持录音',
  noMicrophone: '未检测到麦克风，无法录音',
  denied: '没有麦克风权限，请在浏览器设置中允许使用麦克风',
  notRecording: '当前没有在录音',
  failed: '录音失败，请重试',
}

/** Longest recording: it stops by itself here. */
export const MAX_RECORDING_SECONDS = 60

export function recordedSeconds(ms: number): number {
  return Math.max(1, Math.min(MAX_RECORDING_SECONDS, Math.round(ms / 1000)))
}
