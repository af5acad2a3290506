import type { Results, SelfieSegmentation as Segmenter } from '@mediapipe/selfie_segmentation'

/**
 * Background blur on the local camera: MediaPipe's selfie segmentation runs on each camera frame,
 * the person is drawn sharp over a blurred copy of the frame on a canvas, and the canvas's
 * captured track is what the links send. The model and wasm files ship inside the npm package and
 * are copied into the H5 build under /mediapipe/, so nothing is fetched from the network.
 */

const ASSET_DIR = '/mediapipe/'
const FRAME_MS = 1000 / 15
/** The model reads 256×144; a small input keeps the per-frame upload cheap, the mask is scaled back up. */
const INPUT_WIDTH = 256

type SegmenterClass = new (config: { locateFile: (file: string) => string }) => Segmenter

let loading: Promise<SegmenterClass> | null = null
/** One segmenter for the page: the solution's wasm graph is costly to build and is reused by every call. */
let shared: Promise<Segmenter> | null = null

/** The package's script defines a global class; it is loaded once, on the first use of blur. */
function loadSegmenter(): Promise<SegmenterClass> {
  const ready = (window as unknown as { SelfieSegmentation?: SegmenterClass }).SelfieSegmentation
  if (ready) return Promise.resolve(ready)
  loading ??= new Promise<SegmenterClass>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = `${ASSET_DIR}selfie_segmentation.js`
    script.async = true
    script.onload = () => {
      const cls = (window as unknown as { SelfieSegmentation?: SegmenterClass }).SelfieSegmentation
      if (cls) resolve(cls)
      else reject(new Error('segmentation model script did not load'))
    }
    script.onerror = () => reject(new Error('segmentation model script did not load'))
    document.head.appendChild(script)
  }).catch((err: unknown) => {
    loading = null
    throw err
  })
  return loading
}

/** Paints the person of the full-size frame sharp over the same frame blurred by `strength` pixels. */
function compose(ctx: CanvasRenderingContext2D, frame: HTMLVideoElement, results: Results, strength: number): void {
  const { width, height } = ctx.canvas
  ctx.save()
  ctx.clearRect(0, 0, width, height)
  ctx.drawImage(results.segmentationMask, 0, 0, width, height)
  ctx.globalCompositeOperation = 'source-in'
  ctx.drawImage(frame, 0, 0, width, height)
  ctx.globalCompositeOperation = 'destination-over'
  ctx.filter = `blur(${strength}px)`
  ctx.drawImage(frame, 0, 0, width, height)
  ctx.restore()
}

export interface BlurPipeline {
  /** The blurred track to send in place of the camera's. */
  readonly output: MediaStreamTrack
  /** The camera track it reads (kept live while blurred, restored when blur stops). */
  readonly source: MediaStreamTrack
  /** Reads another camera track (device or facing switch); the old one is stopped. */
  setSource(track: MediaStreamTrack): void
  /** Stops the loop and the output track; the camera track is left to the caller. */
  stop(): void
}

function segmenterOnce(): Promise<Segmenter> {
  shared ??= loadSegmenter()
    .then((Segmentation) => {
      const segmenter = new Segmentation({ locateFile: (file) => `${ASSET_DIR}${file}` })
      segmenter.setOptions({ modelSelection: 1, selfieMode: false })
      return segmenter
    })
    .catch((err: unknown) => {
      shared = null
      throw err
    })
  return shared
}

export async function startBlur(camera: MediaStreamTrack, strength: number): Promise<BlurPipeline> {
  const segmenter = await segmenterOnce()
  const video = document.createElement('video')
  video.muted = true
  video.playsInline = true
  const canvas = document.createElement('canvas')
  const settings = camera.getSettings()
  canvas.width = settings.width || 640
  canvas.height = settings.height || 480
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('canvas 2d unavailable')
  const input = document.createElement('canvas')
  const inputCtx = input.getContext('2d')
  if (!inputCtx) throw new Error('canvas 2d unavailable')
  segmenter.onResults((results) => {
    if (!stopped) compose(ctx, video, results, strength)
  })
  const segment = async () => {
    input.width = INPUT_WIDTH
    input.height = Math.round((INPUT_WIDTH * video.videoHeight) / Math.max(1, video.videoWidth)) || 192
    inputCtx.drawImage(video, 0, 0, input.width, input.height)
    await segmenter.send({ image: input })
  }

  let source = camera
  let stopped = false
  const play = async (track: MediaStreamTrack) => {
    video.srcObject = new MediaStream([track])
    await video.play()
  }
  await play(source)
  // The first frame is segmented before the track is handed out, so a failure to start shows here.
  await segment()

  let timer: ReturnType<typeof setTimeout> | null = null
  const loop = async () => {
    if (stopped) return
    const started = performance.now()
    if (video.readyState >= 2 && video.videoWidth) {
      if (canvas.width !== video.videoWidth || canvas.height !== video.videoHeight) {
        canvas.width = video.videoWidth
        canvas.height = video.videoHeight
      }
      try {
        await segment()
      } catch (err) {
        console.warn('blur frame failed', err)
      }
    }
    // Timers rather than animation frames: a call in a background tab keeps sending. On a slow
    // machine the frame rate drops so that segmentation takes at most half of the page's time.
    const spent = performance.now() - started
    if (!stopped) timer = setTimeout(() => void loop(), Math.max(FRAME_MS - spent, spent))
  }
  void loop()

  const output = canvas.captureStream(15).getVideoTracks()[0]
  if (!output) throw new Error('canvas capture unavailable')
  return {
    output,
    get source() {
      return source
    },
    setSource(track) {
      const old = source
      source = track
      void play(track).catch((err: unknown) => console.warn('blur source not playing', err))
      if (old !== track) old.stop()
    },
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      output.stop()
      video.srcObject = null
    },
  }
}
