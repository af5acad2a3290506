import { View } from '@tarojs/components'
import { useEffect } from 'react'
import { getCallEngine } from '@/services/call/runtime'

/** A participant's video; the engine puts the stream into the element once it exists. */
export default function VideoView({ userId, domId, className, testId }: { userId: string; domId: string; className?: string; testId?: string }) {
  useEffect(() => {
    const engine = getCallEngine()
    engine.startRemoteView(userId, domId)
    return engine.on('streamsChanged', () => engine.startRemoteView(userId, domId))
  }, [userId, domId])
  return <View id={domId} className={`call-video ${className ?? ''}`} data-testid={testId} data-user={userId} />
}
