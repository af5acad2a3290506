import type { ChatService } from '../chat'
import type { ServiceContext } from '../context'
import { createGroupApi } from './api'
import { createApplications } from './applications'
import { createGroupHelpers } from './context'
import { createGroupInfo } from './info'
import { createGroupLive } from './live'
import { createMembers } from './members'
import { createNotices } from './notices'
import { createPin } from './pin'
import { scanGroupQr } from './qr'

// The group actions screens call, reached through the app (`useApp().groups`); `api` holds every
// group endpoint. The texts and pure helpers are plain exports.
export type { GroupApi } from './api'
export type { CandidateKind } from './members'
export { GroupToast } from './texts'

export type GroupsService = ReturnType<typeof createGroups>

export type GroupChat = Pick<ChatService, 'closeConversation' | 'deleteConversation' | 'openConversation' | 'reloadConversations' | 'setPinned'>

export function createGroups(ctx: ServiceContext, chat: GroupChat) {
  const groupApi = createGroupApi(ctx.api)
  const helpers = createGroupHelpers(ctx)
  const parts = { groupApi, helpers }
  const members = createMembers(ctx, parts)
  const applications = createApplications(ctx, { groupApi, chat })
  const groupInfo = createGroupInfo(ctx, { ...parts, chat, members })
  return {
    api: groupApi,
    groupNumberOf: helpers.groupNumberOf,
    conversationOfGroup: helpers.conversationOfGroup,
    ...members,
    ...applications,
    ...groupInfo,
    ...createNotices(ctx, parts),
    ...createPin(ctx, { ...parts, chat }),
    ...createGroupLive(ctx, { groupApi, applications, groupInfo }),
    scanGroupQr: () => scanGroupQr(ctx.toast),
  }
}
