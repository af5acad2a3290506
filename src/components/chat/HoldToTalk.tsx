import type { CommonEvent, ITouch } from '@tarojs/components/types/common'
import { View } from '@tarojs/components'
import { useRef, useState } from 'react'
import type { Recording } from '@/platform/recorder'
import VoiceRecorderBar, { type HoldState } from './VoiceRecorderBar'

/** A finger that slides up this far above where it pressed cancels on release (WeChat's gesture). */
export const CANCEL_SLIDE_PX = 60
/** A mouse event this soon after a touch is the browser's copy of that touch, not a second press. */
const TOUCH_ECHO_MS = 800

function touchY(e: CommonEvent): number | null {
  const t = (e as CommonEvent & { touches?: ITouch[]; changedTouches?: ITouch[] }).touches?.[0]
  return t ? t.clientY : null
}

interface MouseLike {
  clientY: number
  preventDefault(): void
}
interface KeyLike {
  key: string
  repeat?: boolean
  preventDefault(): void
}

/**
 * 按住 说话: recording runs while the button is held (finger, mouse, or Space / Enter); lifting
 * sends, sliding up first and then lifting cancels, Escape cancels. The recording itself is the
 * voice bar's, shown as a card over the chat while held.
 */
export default function HoldToTalk({ onRecorded }: { onRecorded(recording: Recording): void }) {
  const [hold, setHold] = useState<HoldState | null>(null)
  const holdRef = useRef(hold)
  holdRef.current = hold
  const startY = useRef(0)
  const lastTouch = useRef(0)

  const begin = (y: number) => {
    if (holdRef.current) return
    startY.current = y
    const next = { release: null, cancelArmed: false }
    holdRef.current = next
    setHold(next)
  }
  const move = (y: number) => {
    const h = holdRef.current
    if (!h || h.release) return
    const armed = startY.current - y > CANCEL_SLIDE_PX
    if (armed !== h.cancelArmed) setHold({ ...h, cancelArmed: armed })
  }
  const end = (how?: 'cancel') => {
    const h = holdRef.current
    if (!h || h.release) return
    const next = { ...h, release: how ?? (h.cancelArmed ? 'cancel' : 'send') } as HoldState
    holdRef.current = next
    setHold(next)
  }
  const done = () => {
    holdRef.current = null
    setHold(null)
  }

  const fromMouse = () => Date.now() - lastTouch.current > TOUCH_ECHO_MS
  const mouse = {
    onMouseMove: (e: MouseLike) => move(e.clientY),
    onMouseUp: () => end(),
  }
  const buttonEvents = {
    onTouchStart: (e: CommonEvent) => {
      lastTouch.current = Date.now()
      const y = touchY(e)
      if (y !== null) begin(y)
    },
    onTouchMove: (e: CommonEvent) => {
      const y = touchY(e)
      if (y !== null) move(y)
    },
    onTouchEnd: (e: CommonEvent) => {
      lastTouch.current = Date.now()
      // No click nor mouse copy of this touch afterwards.
      e.preventDefault()
      end()
    },
    onTouchCancel: () => end('cancel'),
    onMouseDown: (e: MouseLike) => {
      if (!fromMouse()) return
      e.preventDefault()
      begin(e.clientY)
    },
    ...mouse,
    onKeyDown: (e: KeyLike) => {
      if (e.key === 'Escape') return end('cancel')
      if (e.key !== ' ' && e.key !== 'Enter') return
      e.preventDefault()
      if (!e.repeat) begin(0)
    },
    onKeyUp: (e: KeyLike) => {
      if (e.key === ' ' || e.key === 'Enter') end()
    },
  }

  return (
    <>
      <View
        className={`hold-talk${hold ? ' hold-talk--down' : ''}`}
        data-testid='hold-to-talk'
        role='button'
        aria-label='按住说话'
        {...{ tabIndex: 0, 'aria-pressed': hold ? 'true' : 'false', ...buttonEvents }}
      >
        {hold ? (hold.cancelArmed ? '松开手指，取消发送' : '松开 发送') : '按住 说话'}
      </View>
      {hold ? (
        // Over the whole screen while held: the mouse keeps reporting its moves and release wherever it goes.
        <View className='hold-talk__layer' data-testid='hold-talk-layer' {...mouse}>
          <VoiceRecorderBar hold={hold} onRecorded={onRecorded} onDone={done} />
        </View>
      ) : null}
    </>
  )
}
