import { View } from '@tarojs/components'
import { useEffect, type ReactNode } from 'react'
import type { CallState, VideoResolution } from '@/engines/call/state'
import { watchHover } from '@/platform/hover'
import type { DeviceType } from '@/platform/media'
import { useApp } from '@/root/AppContext'
import { useHoverPopover } from './hoverPopover'
import { pressable } from '@/platform/focus'

const RESOLUTIONS: VideoResolution[] = ['480p', '720p', '1080p']

/**
 * A desktop panel button with its device popover: hovering shows the cameras, microphones or
 * speakers (the camera's also the resolution selector); it closes 1000 ms after the pointer left.
 */
export default function DevicePopover({ s, deviceType, children }: { s: CallState; deviceType: DeviceType; children: ReactNode }) {
  const { callEngine, calls } = useApp()
  const hover = useHoverPopover()
  const domId = `call-device-${deviceType}`
  useEffect(() => watchHover(domId, hover.enter, hover.leave), [domId])
  const devices = s.deviceList[deviceType]
  const current = s.deviceList.current[deviceType] || devices[0]?.deviceId || ''
  return (
    <View className='call-device' id={domId}>
      {children}
      {hover.open ? (
        <View className='call-device__popover' data-testid={`call-devices-${deviceType}`}>
          {devices.map((d) => (
            <View {...pressable()}
              key={d.deviceId}
              className={`call-device__item${d.deviceId === current ? ' call-device__item--on' : ''}`}
              data-testid='call-device-item'
              data-id={d.deviceId}
              data-current={String(d.deviceId === current)}
              onClick={() => void callEngine.switchDevice({ deviceType, deviceId: d.deviceId })}
            >
              {d.label}
            </View>
          ))}
          {deviceType === 'camera' ? (
            <View className='call-device__resolutions' data-testid='call-resolution'>
              {RESOLUTIONS.map((r) => (
                <View {...pressable()}
                  key={r}
                  className={`call-device__res${s.videoResolution === r ? ' call-device__res--on' : ''}`}
                  data-testid={`call-resolution-${r}`}
                  data-current={String(s.videoResolution === r)}
                  onClick={() => calls.kit.setVideoResolution(r)}
                >
                  {r}
                </View>
              ))}
            </View>
          ) : null}
        </View>
      ) : null}
    </View>
  )
}
