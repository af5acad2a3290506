import { View } from '@tarojs/components'
import { useEffect } from 'react'
import { useApp } from '@/root/AppContext'

/** A participant's video; the engine puts the stream into the element once it exists. */
export default function VideoView({ userId, domId, className, testId }: { userId: string; domId: string; className?: string; testId?: string }) {
  const engine = useApp().callEngine
  useEffect(() => {
    engine.startRemoteView(userId, domId)
    return engine.on('streamsChanged', () => engine.startRemoteView(userId, domId))
  }, [engine, userId, domId])
  return <View id={domId} className={`call-video ${className ?? ''}`} data-testid={testId} data-user={userId} />
}
