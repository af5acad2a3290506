/** An operator of the suite's servers (their ADMIN_PHONES): the console specs log in with it. */
export const OPERATOR_PHONE = '13900000900'

/**
 * The environment of every server the browser tests start: a fresh embedded database and the
 * in-process bus whatever the caller's shell exports, demo accounts, and rate limits out of a
 * test run's reach.
 */
export const TEST_SERVER_ENV: Record<string, string | undefined> = {
  DEMO_DATA: '1',
  RATE_REGISTER_PER_HOUR: '100000',
  RATE_LOGIN_PER_MINUTE: '100000',
  RATE_API_PER_MINUTE: '100000',
  RATE_FRIEND_APPLY_PER_HOUR: '100000',
  RATE_UPLOAD_PER_HOUR: '100000',
  WS_SEND_BURST: '100000',
  WS_SEND_PER_SECOND: '100000',
  WS_READ_BURST: '100000',
  WS_READ_PER_SECOND: '100000',
  // Specs sign many people in at once on a machine running browsers: the hashing pool's queue out
  // of reach, its threads at the server's priority.
  PASSWORD_HASH_QUEUE: '100000',
  PASSWORD_HASH_NICE: '0',
  DATABASE_URL: undefined,
  REDIS_URL: undefined,
}
