import { MAX_RECORDING_SECONDS, RECORDER_TEXT, RecorderError, recordedSeconds } from './recording'
import type { RecorderPort, Recording } from './recorder'

const MIME_CANDIDATES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4']

interface Session {
  stream: MediaStream
  media: MediaRecorder
  chunks: Blob[]
  startedAt: number
  stoppedAt: number | null
  done: Promise<Blob>
  limit: ReturnType<typeof setTimeout>
}

let session: Session | null = null

function fail(code: keyof typeof RECORDER_TEXT): RecorderError {
  return new RecorderError(code, RECORDER_TEXT[code])
}

function supported(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia) && typeof MediaRecorder !== 'undefined'
}

async function openMicrophone(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true, video: false })
  } catch (err) {
    const name = (err as { name?: string } | null)?.name
    if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') throw fail('noMicrophone')
    if (name === 'NotAllowedError' || name === 'SecurityError') throw fail('denied')
    throw fail('failed')
  }
}

function release(s: Session): void {
  clearTimeout(s.limit)
  s.stream.getTracks().forEach((t) => t.stop())
}

export const recorder: RecorderPort = {
  supported,
  isRecording: () => session !== null,
  async start() {
    if (!supported()) throw fail('unsupported')
    if (session) return
    const stream = await openMicrophone()
    const mimeType = MIME_CANDIDATES.find((m) => MediaRecorder.isTypeSupported(m))
    const media = new MediaRecorder(stream, mimeType ? { mimeType } : undefined)
    const chunks: Blob[] = []
    const done = new Promise<Blob>((resolve, reject) => {
      media.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.push(e.data)
      }
      media.onstop = () => resolve(new Blob(chunks, { type: media.mimeType || mimeType || 'audio/webm' }))
      media.onerror = () => reject(fail('failed'))
    })
    const current: Session = {
      stream,
      media,
      chunks,
      startedAt: Date.now(),
      stoppedAt: null,
      done,
      // Past the limit the recording ends by itself; stop() then returns what was recorded.
      limit: setTimeout(() => {
        if (media.state !== 'inactive') {
          current.stoppedAt = Date.now()
          media.stop()
        }
      }, MAX_RECORDING_SECONDS * 1000),
    }
    session = current
    done.catch(() => undefined)
    media.start(250)
  },
  async stop(): Promise<Recording> {
    const s = session
    if (!s) throw fail('notRecording')
    session = null
    if (s.media.state !== 'inactive') {
      s.stoppedAt = Date.now()
      s.media.stop()
    }
    try {
      const blob = await s.done
      if (blob.size === 0) throw fail('failed')
      const ext = blob.type.includes('ogg') ? 'ogg' : blob.type.includes('mp4') ? 'm4a' : 'webm'
      const name = `voice-${s.startedAt}.${ext}`
      const seconds = recordedSeconds((s.stoppedAt ?? Date.now()) - s.startedAt)
      return { file: { name, size: blob.size, mime: blob.type, localUrl: URL.createObjectURL(blob), blob }, seconds }
    } finally {
      release(s)
    }
  },
  cancel() {
    const s = session
    session = null
    if (!s) return
    if (s.media.state !== 'inactive') s.media.stop()
    release(s)
  },
}
