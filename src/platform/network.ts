/** The device's own word on its network: it went down or came back. */
export interface NetworkPort {
  /** Called with true when the network comes back, false when it goes; returns the remover. */
  onChange(fn: (online: boolean) => void): () => void
}

export declare const network: NetworkPort
