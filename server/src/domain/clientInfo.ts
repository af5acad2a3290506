/** Where a login comes from, as the HTTP layer reads it; kept on the session it opens. */
export interface ClientInfo {
  ip: string
  deviceId: string
  userAgent: string
}
