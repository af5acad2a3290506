export type SocketState = 'connecting' | 'open' | 'closing' | 'closed'

export interface SocketCloseEvent {
  code: number
  reason: string
}

/** One connection attempt. Each on* returns a function that removes the listener. */
export interface PlatformSocket {
  readonly readyState: SocketState
  send(text: string): void
  /** Code 1000 or 3000-4999; browsers refuse other codes from the client side. */
  close(code?: number, reason?: string): void
  onOpen(fn: () => void): () => void
  onMessage(fn: (text: string) => void): () => void
  onClose(fn: (event: SocketCloseEvent) => void): () => void
  onError(fn: (message: string) => void): () => void
}

export interface SocketPort {
  connect(url: string): PlatformSocket
  /** The ws:// or wss:// URL of a server path such as /ws/{token}. */
  urlFor(path: string): string
}

export declare const socket: SocketPort
