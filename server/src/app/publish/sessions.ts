import { NoticeType } from '../../../../types/ws.js'
import { userTopic } from '../../bus/Bus.js'
import type { AppContext } from '../../context.js'

/**
 * Tells every socket of the given sessions that it is logged out (-1; -2 when an operator or the
 * account's end did it), then closes them.
 */
export async function kickSessions(
  ctx: Pick<AppContext, 'bus' | 'log'>,
  wtId: string,
  tokenHashes: string[],
  msg: string,
  type: typeof NoticeType.ForcedLogout | typeof NoticeType.FatalError = NoticeType.ForcedLogout,
): Promise<void> {
  if (tokenHashes.length > 0) ctx.log.info({ event: 'session revoked', wtId, sessions: tokenHashes.length, reason: msg }, 'sessions revoked')
  for (const tokenHash of tokenHashes) {
    await ctx.bus.publish(userTopic(wtId), {
      frame: { type, msg },
      onlySession: tokenHash,
      close: true,
    })
  }
}
