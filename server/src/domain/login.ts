export const WRONG_CREDENTIALS = '账号或密码错误'

/** How long an attempt waits for the attempts ahead of it on the same keys before it answers 系统繁忙. */
export const ATTEMPT_QUEUE_MS = 60_000
export const ATTEMPT_POLL_MS = 25
