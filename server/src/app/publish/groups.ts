import { GroupIdentity } from '../../../../types/group.js'
import { NoticeType } from '../../../../types/ws.js'
import { FANOUT_TOPIC, userTopic } from '../../bus/Bus.js'
import type { AppContext } from '../../context.js'
import { groupConversationId, parseConversationId } from '../../domain/conversationIds.js'
import { memberIds, mosaicAvatars } from '../../data/groups/currentMembers.js'
import type { GroupEffects } from '../../domain/groups/effects.js'
import { unreadCounts } from '../../data/groups/notices.js'
import { messageAt } from '../../data/messages/rows.js'
import { pushConversation, pushMessage } from './messages.js'

const CONVERSATION_PUSH_MAX = 1000

/** Sends the group-notice counters (type 4) to each user. */
export async function pushCounters(ctx: AppContext, wtIds: Iterable<string>): Promise<void> {
  for (const wtId of wtIds) {
    const counts = await unreadCounts(ctx.db, wtId)
    await ctx.bus.publish(userTopic(wtId), { frame: { type: NoticeType.GroupUnread, ...counts } })
  }
}

/** Delivers what a committed group change recorded: tips, type 5 changes, conversations, counters, other frames. */
export async function publishEffects(ctx: AppContext, fx: GroupEffects): Promise<void> {
  const memberCache = new Map<string, string[]>()
  const members = async (groupId: string) => {
    let list = memberCache.get(groupId)
    if (!list) memberCache.set(groupId, (list = await memberIds(ctx.db, groupId)))
    return list
  }

  for (const m of fx.messages) {
    const row = await messageAt(ctx.db, m.channelId, m.seq)
    if (!row) continue
    const base = m.minIdentity === 0 ? await members(m.groupId) : await memberIds(ctx.db, m.groupId, { minIdentity: m.minIdentity })
    const recipients = [...new Set([...base, ...m.extra])]
    const ref = parseConversationId(row.sender, groupConversationId(m.groupId))!
    await pushMessage(ctx, row, ref, recipients, null)
  }

  const seenChanges = new Set<string>()
  for (const c of fx.changes) {
    if (seenChanges.has(c.groupId)) continue
    seenChanges.add(c.groupId)
    const current = await members(c.groupId)
    const extra = fx.changes.filter((x) => x.groupId === c.groupId).flatMap((x) => x.extra)
    // A group drawn as a mosaic of its members looks different once they change: the frame says how.
    const avatars = current.length > 0 ? await mosaicAvatars(ctx.db, c.groupId) : null
    const frame = { type: NoticeType.GroupChange, count: current.length, groupNumber: c.groupNumber, ...(avatars ? { memberAvatars: avatars } : {}) }
    await ctx.bus.publish(FANOUT_TOPIC, { frame, recipients: [...new Set([...current, ...extra])] })
  }

  // Dissolving a community group would mean a conversation push per member; beyond this many
  // the clients rely on the tip and the type 5 frame (count 0 when dissolved) instead.
  const conversations = fx.conversations.length <= CONVERSATION_PUSH_MAX ? fx.conversations : []
  const seenConv = new Set<string>()
  for (const c of conversations) {
    const key = `${c.wtId}|${c.conversationID}`
    if (seenConv.has(key)) continue
    seenConv.add(key)
    await pushConversation(ctx, c.wtId, c.conversationID)
  }

  for (const f of fx.frames) await ctx.bus.publish(FANOUT_TOPIC, { frame: f.frame, recipients: await members(f.groupId) })

  const counterUsers = new Set(fx.counters)
  for (const groupId of fx.counterGroups) for (const id of await memberIds(ctx.db, groupId, { minIdentity: GroupIdentity.Admin })) counterUsers.add(id)
  await pushCounters(ctx, counterUsers)
}
