import type { RobotAddBody, RobotList, RobotSecrets } from '@shared/bots'
import { botRoutes as B } from '@shared/routes/bots'
import { clipboard } from '@/platform/clipboard'
import type { ServiceContext } from './context'

export type RobotsService = ReturnType<typeof createRobots>

/**
 * A group's robots (docs/bots.md): the list every member sees, and what the owner and
 * administrators do with them. Failures are toasted by the /api client and answer null or false.
 */
export function createRobots(ctx: ServiceContext) {
  const { api, toast } = ctx
  const quietly = async <T>(p: Promise<T>): Promise<T | null> => p.catch(() => null)
  return {
    list: (groupNumber: string): Promise<RobotList | null> => quietly(api.call(B.list, { groupNumber }, { silent: true })),
    add: (body: RobotAddBody): Promise<RobotSecrets | null> => quietly(api.call(B.add, body)),
    regenerate: (groupNumber: string, robotId: string): Promise<RobotSecrets | null> => quietly(api.call(B.regenerate, { groupNumber, robotId })),
    async setPaused(groupNumber: string, robotId: string, paused: boolean): Promise<boolean> {
      const done = await quietly(api.call(B.pause, { groupNumber, robotId, paused }))
      if (done) toast.success(paused ? '已暂停' : '已恢复')
      return done !== null
    },
    async remove(groupNumber: string, robotId: string): Promise<boolean> {
      const done = await quietly(api.call(B.remove, { groupNumber, robotId }))
      if (done) toast.success('已移除')
      return done !== null
    },
    async copy(text: string): Promise<boolean> {
      const copied = clipboard.supported() && (await clipboard.copyText(text))
      if (copied) toast.success('已复制')
      else toast.error('无法复制，请手动选择复制')
      return copied
    },
  }
}
