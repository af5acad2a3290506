import { Image, View } from '@tarojs/components'
import { useState } from 'react'
import { chatIcons } from '../chatIcons'
import { parseLocation } from '../messageDisplay'
import { formatCoordinates, staticMapUrl } from '../staticMap'

/**
 * Title, detail and a map picture. Without a map provider (or when its picture fails) a drawn card
 * stands in, still naming the place and its coordinates.
 */
export default function LocationBubble({ payload }: { payload: Record<string, unknown> }) {
  const loc = parseLocation(payload)
  const hasCoordinates = loc.latitude !== 0 || loc.longitude !== 0
  const [mapFailed, setMapFailed] = useState(false)
  const map = hasCoordinates && !mapFailed ? staticMapUrl(loc.latitude, loc.longitude) : null
  return (
    <View className='bubble bubble--location' data-testid='msg-location'>
      <View className='bubble-location__head'>
        <View className='bubble-location__title'>{loc.title}</View>
        {loc.detail ? <View className='bubble-location__detail'>{loc.detail}</View> : null}
      </View>
      <View className='bubble-location__map'>
        {map ? (
          <Image nativeProps={{ alt: '' }} className='bubble-location__map-img' src={map} mode='aspectFill' onError={() => setMapFailed(true)} />
        ) : (
          <View className='bubble-location__fallback'>
            <Image nativeProps={{ alt: '' }} className='bubble-location__fallback-bg' src={chatIcons.mapFallback} mode='aspectFill' />
            <View className='bubble-location__fallback-card'>
              <Image nativeProps={{ alt: '' }} className='bubble-location__pin' src={chatIcons.pin} />
              <View className='bubble-location__fallback-text'>
                <View className='bubble-location__fallback-title'>{loc.title}</View>
                {hasCoordinates ? <View className='bubble-location__coords'>{formatCoordinates(loc.latitude, loc.longitude)}</View> : null}
              </View>
            </View>
          </View>
        )}
        {map ? <Image nativeProps={{ alt: '' }} className='bubble-location__map-pin' src={chatIcons.pin} /> : null}
      </View>
    </View>
  )
}
