/** Transport constants of /ws/{token}; the frames themselves are in types/frames.ts. */

/** Largest frame either side accepts on /ws/{token}, in bytes. */
export const WS_MAX_FRAME_BYTES = 64 * 1024
/** The client pings this often; the server drops a socket silent for three intervals. */
export const WS_HEARTBEAT_MS = 25_000
/**
 * While the app is in front, a socket silent this long is pinged, and dropped (then reconnected)
 * when the ping gets no answer within WS_PROBE_REPLY_MS: a link that went quiet shows the network
 * banner within ten seconds. In the background WS_HEARTBEAT_MS applies (docs/protocol.md).
 */
export const WS_PROBE_MS = 4_000
export const WS_PROBE_REPLY_MS = 4_000

/** Close codes of /ws/{token}. After 4401 and 4000 reconnecting cannot help. */
export const WsClose = {
  /** The token is not, or no longer, valid. */
  Unauthorized: 4401,
  /** The session was logged out or revoked; a -1 frame usually came first. */
  SessionEnded: 4000,
  ServerShutdown: 1001,
  /**
   * The reader fell too far behind what the server had to send it (the server buffers a bounded
   * amount per socket). The client reconnects and catches up by sequence like after any drop.
   */
  TooSlow: 4413,
  /**
   * The account opened more sockets than the server allows (WS_SOCKETS_PER_ACCOUNT, default 10);
   * the oldest is closed. The client does not reconnect on its own: that would close another.
   */
  TooManySockets: 4409,
} as const

/** Numeric notification types of the spec's socket (section 7 "Socket"). */
export const NoticeType = {
  /** Show the message, log out, go to /login (session revoked elsewhere). */
  ForcedLogout: -1,
  /** Show the message, log out, go to /login (account-level error). */
  FatalError: -2,
  MomentsCount: 2,
  TopMessageChanged: 3,
  GroupUnread: 4,
  GroupChange: 5,
  /** A friend (`wtId`) posted a moment the reader's feed shows: the moments entry gets its dot. */
  FriendMoment: 6,
  Withdraw: 7,
} as const
export type NoticeType = (typeof NoticeType)[keyof typeof NoticeType]
