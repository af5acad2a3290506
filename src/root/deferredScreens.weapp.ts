export { default as ChatPanel } from '@/components/chat/ChatPanel'
export { default as CallScreen } from '@/components/call/CallScreen'

/** The mini-program bundles the call screen: nothing to fetch. */
export function preloadCallScreen(): void {}
export { default as CreateGroupDialog } from '@/components/group/CreateGroupDialog'
export { default as GroupCardDialog } from '@/components/group/GroupCardDialog'
export { default as ManageGroupsDialog } from '@/components/conversation/groups/ManageGroupsDialog'
export { default as ProfileCard } from '@/components/contact/ProfileCard'
export { default as ProfileDialog } from '@/components/profile/ProfileDialog'
export { default as QrConfirmDialog } from '@/components/settings/QrConfirmDialog'
export { default as SecurityDialog } from '@/components/settings/SecurityDialog'

/** Web Push is the web app's: the mini-program's 设置 → 通知 is WeChat's subscription messages. */
export { default as NotificationDialog } from '@/components/settings/WechatNoticeDialog'
