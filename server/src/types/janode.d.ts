// janode ships JavaScript without declarations; these are the parts the server uses.
declare module 'janode' {
  interface Emitter {
    once(event: string, fn: (...args: unknown[]) => void): void
  }
  export interface JanodeConnection extends Emitter {
    create(): Promise<unknown>
    close(): Promise<unknown>
  }
  const Janode: {
    connect(config: { address: { url: string; apisecret?: string }; retry_time_secs?: number; max_retries?: number }): Promise<JanodeConnection>
    EVENT: Record<'CONNECTION_CLOSED' | 'CONNECTION_ERROR' | 'SESSION_DESTROYED', string>
    Logger: { setLevel(level: string): string }
  }
  export default Janode
}

declare module 'janode/plugins/videoroom' {
  const VideoRoomPlugin: { id: string; EVENT: Record<'VIDEOROOM_PUB_LIST' | 'VIDEOROOM_UNPUBLISHED' | 'VIDEOROOM_LEAVING' | 'VIDEOROOM_DISPLAY' | 'VIDEOROOM_DESTROYED', string> }
  export default VideoRoomPlugin
}
