import Taro from '@tarojs/taro'
import { mimeFromName } from './fileTypes'
import { MAX_RECORDING_SECONDS, RECORDER_TEXT, RecorderError, recordedSeconds } from './recording'
import type { RecorderPort, Recording } from './recorder'

type Waiter = { resolve(r: Recording): void; reject(e: RecorderError): void }

let manager: Taro.RecorderManager | null = null
let recording = false
let cancelled = false
let waiter: Waiter | null = null
let startWaiter: { resolve(): void; reject(e: RecorderError): void } | null = null

function fail(code: keyof typeof RECORDER_TEXT): RecorderError {
  return new RecorderError(code, RECORDER_TEXT[code])
}

/** The manager is a singleton of the mini-program; its callbacks are attached once. */
function getManager(): Taro.RecorderManager {
  if (manager) return manager
  const m = Taro.getRecorderManager()
  m.onStart(() => {
    startWaiter?.resolve()
    startWaiter = null
  })
  m.onStop((res) => {
    recording = false
    const w = waiter
    waiter = null
    if (cancelled) {
      cancelled = false
      return
    }
    const name = res.tempFilePath.split('/').pop() ?? 'voice.mp3'
    const file = { name, size: res.fileSize, mime: mimeFromName(name) || 'audio/mpeg', localUrl: res.tempFilePath, path: res.tempFilePath }
    // Stopped by the time limit with nobody waiting: the next stop() gets nothing to return.
    w?.resolve({ file, seconds: recordedSeconds(res.duration) })
  })
  m.onError((res) => {
    recording = false
    const err = /auth|permission/i.test(res.errMsg) ? fail('denied') : /device|not found/i.test(res.errMsg) ? fail('noMicrophone') : fail('failed')
    startWaiter?.reject(err)
    startWaiter = null
    waiter?.reject(err)
    waiter = null
  })
  manager = m
  return m
}

export const recorder: RecorderPort = {
  supported: () => true,
  isRecording: () => recording,
  start() {
    if (recording) return Promise.resolve()
    const m = getManager()
    return new Promise((resolve, reject) => {
      startWaiter = { resolve, reject }
      recording = true
      cancelled = false
      m.start({ duration: MAX_RECORDING_SECONDS * 1000, format: 'mp3' })
    })
  },
  stop() {
    if (!recording) return Promise.reject(fail('notRecording'))
    const m = getManager()
    return new Promise((resolve, reject) => {
      waiter = { resolve, reject }
      m.stop()
    })
  },
  cancel() {
    if (!recording) return
    cancelled = true
    getManager().stop()
  },
}
