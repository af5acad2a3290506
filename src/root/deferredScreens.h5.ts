import { lazy } from 'react'

export const ChatPanel = lazy(() => import(/* webpackChunkName: "chat" */ '@/components/chat/ChatPanel'))
const loadCallScreen = () => import(/* webpackChunkName: "call-screen" */ '@/components/call/CallScreen')
export const CallScreen = lazy(loadCallScreen)
export function preloadCallScreen(): void {
  void loadCallScreen()
}
export const CreateGroupDialog = lazy(() => import(/* webpackChunkName: "group-create" */ '@/components/group/CreateGroupDialog'))
export const GroupCardDialog = lazy(() => import(/* webpackChunkName: "group-card" */ '@/components/group/GroupCardDialog'))
export const ManageGroupsDialog = lazy(() => import(/* webpackChunkName: "group-manage" */ '@/components/conversation/groups/ManageGroupsDialog'))
export const ProfileCard = lazy(() => import(/* webpackChunkName: "profile" */ '@/components/contact/ProfileCard'))
export const ProfileDialog = lazy(() => import(/* webpackChunkName: "me" */ '@/components/profile/ProfileDialog'))
export const QrConfirmDialog = lazy(() => import(/* webpackChunkName: "qr-confirm" */ '@/components/settings/QrConfirmDialog'))
export const SecurityDialog = lazy(() => import(/* webpackChunkName: "security" */ '@/components/settings/SecurityDialog'))
export const NotificationDialog = lazy(() => import(/* webpackChunkName: "security" */ '@/components/settings/NotificationDialog'))
