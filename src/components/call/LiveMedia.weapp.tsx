import { LivePlayer, LivePusher, View } from '@tarojs/components'
import type { LiveEvent } from '@/engines/call/liveView'
import { useApp, useAppStore } from '@/root/AppContext'

type Detail = Record<string, unknown>
const detailOf = (e: { detail?: unknown }): Detail => (e.detail ?? {}) as Detail

/**
 * The mini-program's call media (TRTC): our camera and microphone in the one <live-pusher>, each
 * remote user in a <live-player>. The engine keeps their attributes; their native events go back
 * to it, which is how TRTC there learns who entered the room.
 */
export default function LiveMedia() {
  const engine = useApp().callEngine
  const view = useAppStore((s) => s.liveView)
  if (!view) return null
  const { pusher, players } = view
  const send = (event: LiveEvent) => engine.liveEvent(event)
  const pusherEvent = (kind: Extract<LiveEvent, { target: 'pusher' }>['kind']) => (e: { detail?: unknown }) => send({ target: 'pusher', kind, detail: detailOf(e) })
  const playerEvent = (kind: Extract<LiveEvent, { target: 'player' }>['kind'], streamId: string) => (e: { detail?: unknown }) =>
    send({ target: 'player', kind, streamId, detail: detailOf(e) })
  return (
    <View className={`call-live call-live--${players.length > 1 ? 'grid' : 'pair'}`} data-testid='call-live'>
      {players.map((p) => (
        <View key={p.id} className={`call-live__player${p.hasVideo && !p.muteVideo ? '' : ' call-live__player--audio'}`} data-user={p.userID}>
          <LivePlayer
            id={p.id}
            className='call-live__video'
            src={p.src}
            mode='RTC'
            autoplay={p.autoplay}
            muted={p.muteAudio}
            orientation={p.orientation}
            objectFit={p.objectFit}
            minCache={p.minCache}
            maxCache={p.maxCache}
            soundMode={p.soundMode}
            autoPauseIfNavigate={false}
            autoPauseIfOpenNative={false}
            onStateChange={playerEvent('statechange', p.streamID)}
            onNetStatus={playerEvent('netstatus', p.streamID)}
            onAudioVolumeNotify={playerEvent('audiovolumenotify', p.streamID)}
            onFullScreenChange={playerEvent('fullscreenchange', p.streamID)}
          />
        </View>
      ))}
      <View className='call-live__self'>
        <LivePusher
          id='call-live-pusher'
          className='call-live__video'
          url={pusher.url}
          mode='RTC'
          autopush={pusher.autopush}
          enableCamera={pusher.enableCamera}
          enableMic={pusher.enableMic}
          muted={!pusher.enableMic}
          enableAgc={pusher.enableAgc}
          enableAns={pusher.enableAns}
          devicePosition={pusher.devicePosition}
          orientation='vertical'
          aspect='9:16'
          minBitrate={pusher.minBitrate}
          maxBitrate={pusher.maxBitrate}
          audioVolumeType='voicecall'
          onStateChange={pusherEvent('statechange')}
          onNetStatus={pusherEvent('netstatus')}
          onError={pusherEvent('error')}
          onAudioVolumeNotify={pusherEvent('audiovolumenotify')}
        />
      </View>
    </View>
  )
}
