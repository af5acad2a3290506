import type { NoiseSuppressionPort, NoiseSuppressor } from './noiseSuppression'

/**
 * RNNoise from @sapphi-red/web-noise-suppressor: the microphone feeds an AudioWorklet running the
 * RNNoise wasm model, whose output goes to a MediaStream destination; that destination's track is
 * what the links send. The worklet script and the wasm files ship inside the npm package and the
 * H5 build serves them under /noise-suppressor/, so nothing is fetched from another origin.
 */

const ASSET_DIR = '/noise-suppressor/'
/** RNNoise works on 48 kHz frames; the context resamples the microphone to it. */
const SAMPLE_RATE = 48_000
/** A context that has not started by then (no user activation yet) leaves the microphone as captured. */
const START_MS = 1500

type Library = typeof import('@sapphi-red/web-noise-suppressor')

interface Shared {
  ctx: AudioContext
  lib: Library
  wasm: ArrayBuffer
}

/** One context, worklet module and model for the page: every call reuses them. */
let shared: Promise<Shared> | null = null
/** Pipelines running; the context is suspended while there are none, so an idle page does no audio work. */
let active = 0

function sharedOnce(): Promise<Shared> {
  shared ??= (async () => {
    // The library's node classes extend AudioWorkletNode when it is evaluated, so it is loaded on first use only.
    const lib = await import('@sapphi-red/web-noise-suppressor')
    const ctx = new AudioContext({ sampleRate: SAMPLE_RATE })
    try {
      const [wasm] = await Promise.all([
        lib.loadRnnoise({ url: `${ASSET_DIR}rnnoise.wasm`, simdUrl: `${ASSET_DIR}rnnoise_simd.wasm` }),
        ctx.audioWorklet.addModule(`${ASSET_DIR}rnnoiseWorklet.js`),
      ])
      // The loader reads whatever answers; an error page would only fail later, inside the worklet.
      if (!WebAssembly.validate(wasm)) throw new Error('noise suppression model did not load')
      return { ctx, lib, wasm }
    } catch (err) {
      void ctx.close()
      throw err
    }
  })().catch((err: unknown) => {
    shared = null
    throw err
  })
  return shared
}

async function ensureRunning(ctx: AudioContext): Promise<void> {
  const state = () => ctx.state as string
  if (state() === 'running') return
  await Promise.race([ctx.resume(), new Promise((resolve) => setTimeout(resolve, START_MS))])
  if (state() !== 'running') throw new Error('audio processing could not start')
}

function release(ctx: AudioContext): void {
  active = Math.max(0, active - 1)
  if (active === 0) void ctx.suspend().catch(() => undefined)
}

export const noiseSuppression: NoiseSuppressionPort = {
  supported: () => typeof AudioContext !== 'undefined' && typeof AudioWorkletNode !== 'undefined',

  async start(microphone, onFailure) {
    if (!noiseSuppression.supported()) throw new Error('AudioWorklet is not available')
    const { ctx, lib, wasm } = await sharedOnce()
    active += 1
    try {
      await ensureRunning(ctx)
    } catch (err) {
      release(ctx)
      throw err
    }
    const node = new lib.RnnoiseWorkletNode(ctx, { maxChannels: 1, wasmBinary: wasm })
    const destination = ctx.createMediaStreamDestination()
    destination.channelCount = 1
    node.connect(destination)
    let source = microphone
    let input = ctx.createMediaStreamSource(new MediaStream([source]))
    input.connect(node)
    let stopped = false
    const output = destination.stream.getAudioTracks()[0]

    const pipeline: NoiseSuppressor = {
      output: output!,
      get source() {
        return source
      },
      setSource(track) {
        const old = source
        input.disconnect()
        source = track
        input = ctx.createMediaStreamSource(new MediaStream([track]))
        input.connect(node)
        if (old !== track) old.stop()
      },
      stop() {
        if (stopped) return
        stopped = true
        input.disconnect()
        node.disconnect()
        node.destroy()
        output?.stop()
        release(ctx)
      },
    }
    if (!output) {
      pipeline.stop()
      throw new Error('audio destination has no track')
    }
    // A model that fails inside the worklet would send silence: the owner puts the microphone back.
    node.onprocessorerror = () => {
      if (stopped) return
      console.warn('noise suppression stopped working; the microphone is sent as captured')
      onFailure()
    }
    return pipeline
  },
}
