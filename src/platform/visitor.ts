/** The Device-Id header value: generated once per installation and kept in local storage. */
export interface VisitorPort {
  deviceId(): string
}

export declare const visitor: VisitorPort
