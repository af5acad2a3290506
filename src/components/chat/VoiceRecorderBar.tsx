import { View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import Button from '@/components/layout/Button'
import { recorder, type Recording } from '@/platform/recorder'
import { MAX_RECORDING_SECONDS, RecorderError } from '@/platform/recording'
import { formatDuration } from './bubbles/VideoBubble'
import { useApp } from '@/root/AppContext'

/** The phone's hold-to-talk: the finger is still down, or was lifted to send or after sliding up to cancel. */
export interface HoldState {
  release: 'send' | 'cancel' | null
  /** The finger slid up far enough that lifting it cancels. */
  cancelArmed: boolean
}

interface Props {
  onRecorded(recording: Recording): void
  onDone(): void
  /** Hold-to-talk (phones): no buttons, the release decides; a card over the chat says what lifting does. */
  hold?: HoldState
}

export const TOO_SHORT_TEXT = '说话时间太短'

/**
 * Click to start, then 发送 (stop and send) or 取消; a timer shows the length, and the recording
 * stops and is sent by itself at the maximum length. Shown in place of the editor while active.
 * On phones the same recording runs while a finger holds 按住 说话 (`hold`).
 */
export default function VoiceRecorderBar({ onRecorded, onDone, hold }: Props) {
  const { toast } = useApp()
  const [state, setState] = useState<'starting' | 'recording' | 'stopping'>('starting')
  const [elapsed, setElapsed] = useState(0)
  const startedAt = useRef(0)
  const finished = useRef(false)

  const stop = async () => {
    if (finished.current) return
    finished.current = true
    setState('stopping')
    try {
      onRecorded(await recorder.stop())
    } catch (err) {
      toast.error(err instanceof RecorderError ? err.message : '录音失败，请重试')
    } finally {
      onDone()
    }
  }
  const stopRef = useRef(stop)
  stopRef.current = stop

  useEffect(() => {
    let alive = true
    recorder
      .start()
      .then(() => {
        if (!alive) {
          recorder.cancel()
          return
        }
        startedAt.current = Date.now()
        setState('recording')
      })
      .catch((err: unknown) => {
        toast.error(err instanceof RecorderError ? err.message : '录音失败，请重试')
        finished.current = true
        if (alive) onDone()
      })
    return () => {
      alive = false
      if (!finished.current && recorder.isRecording()) recorder.cancel()
    }
    // Starts once per bar: a new onDone from a re-render must not restart the microphone.
  }, [])

  useEffect(() => {
    if (state !== 'recording') return
    const timer = setInterval(() => {
      const s = Math.floor((Date.now() - startedAt.current) / 1000)
      setElapsed(s)
      if (s >= MAX_RECORDING_SECONDS) void stopRef.current()
    }, 250)
    return () => clearInterval(timer)
  }, [state])

  const cancel = () => {
    finished.current = true
    // Still starting: the start's own callback lets the microphone go once this bar is gone.
    recorder.cancel()
    onDone()
  }

  const release = hold?.release ?? null
  useEffect(() => {
    if (!release || finished.current) return
    if (release === 'cancel') return cancel()
    if (state === 'recording') return void stopRef.current()
    // Lifted before the microphone was open: nothing was said.
    toast.info(TOO_SHORT_TEXT)
    cancel()
  }, [release])

  if (hold) {
    const armed = hold.cancelArmed
    return (
      <View className={`hold-card${armed ? ' hold-card--cancel' : ''}`} data-testid='voice-bar' data-state={state} data-cancel={armed ? 'true' : 'false'} role='status'>
        <View className='hold-card__time' data-testid='voice-timer'>
          {formatDuration(elapsed)}
        </View>
        <View className='hold-card__hint'>{state === 'starting' ? '正在打开麦克风…' : armed ? '松开手指，取消发送' : '松开 发送，上滑 取消'}</View>
      </View>
    )
  }

  return (
    <View className='voice-bar' data-testid='voice-bar' data-state={state}>
      <View className={`voice-bar__dot${state === 'recording' ? ' voice-bar__dot--live' : ''}`} />
      <View className='voice-bar__time' data-testid='voice-timer'>
        {formatDuration(elapsed)}
      </View>
      <View className='voice-bar__hint'>{state === 'starting' ? '正在打开麦克风…' : state === 'stopping' ? '正在处理录音…' : `正在录音，最长 ${MAX_RECORDING_SECONDS} 秒`}</View>
      <View className='voice-bar__actions'>
        <Button size='small' testId='voice-cancel' onClick={cancel}>
          取消
        </Button>
        <Button size='small' variant='primary' testId='voice-stop' disabled={state !== 'recording'} onClick={() => void stop()}>
          发送
        </Button>
      </View>
    </View>
  )
}
