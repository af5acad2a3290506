import type ChatPanelType from '@/components/chat/ChatPanel'
import type CallScreenType from '@/components/call/CallScreen'
import type CreateGroupDialogType from '@/components/group/CreateGroupDialog'
import type GroupCardDialogType from '@/components/group/GroupCardDialog'
import type ManageGroupsDialogType from '@/components/conversation/groups/ManageGroupsDialog'
import type ProfileCardType from '@/components/contact/ProfileCard'
import type ProfileDialogType from '@/components/profile/ProfileDialog'
import type QrConfirmDialogType from '@/components/settings/QrConfirmDialog'
import type SecurityDialogType from '@/components/settings/SecurityDialog'
import type NotificationDialogType from '@/components/settings/NotificationDialog'

/**
 * Screens the logged-in /messages page does not show before the user opens something: the chat
 * (with its bubbles, emoji tables and toolbars), the call screen, the group dialogs, the profile
 * card (with its moments and video player), 个人信息 and the settings dialogs. The H5
 * build fetches each one the first time it is shown (render it inside <Suspense>); the
 * mini-program bundles them.
 */
export declare const ChatPanel: typeof ChatPanelType
export declare const CallScreen: typeof CallScreenType
/**
 * Fetches the call screen ahead of a call (a chat with call buttons is open), so a dial shows it at
 * once instead of after a download, and a call refused at once still shows it for a moment.
 */
export declare function preloadCallScreen(): void
export declare const CreateGroupDialog: typeof CreateGroupDialogType
export declare const GroupCardDialog: typeof GroupCardDialogType
export declare const ManageGroupsDialog: typeof ManageGroupsDialogType
export declare const ProfileCard: typeof ProfileCardType
export declare const ProfileDialog: typeof ProfileDialogType
export declare const QrConfirmDialog: typeof QrConfirmDialogType
export declare const SecurityDialog: typeof SecurityDialogType
export declare const NotificationDialog: typeof NotificationDialogType
