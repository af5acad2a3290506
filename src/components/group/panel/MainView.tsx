import { Image, View } from '@tarojs/components'
import type { RobotList } from '@shared/bots'
import type { Conversation } from '@shared/chat'
import { GroupText, type GroupInfo, type GroupMember } from '@shared/group'
import Button from '@/components/layout/Button'
import GroupAvatar from '@/components/layout/GroupAvatar'
import type { MemberListState } from '@/stores'
import { isArchived } from '@/stores/selectors/chat'
import type { GroupPanelAbilities } from '@/domain/groups/permissions'
import { icons } from '@/assets/icons'
import { groupShareCard } from '@/components/share/cards'
import { useOfferShareCard } from '@/components/share/offeredCard'
import { shareCard } from '@/platform/shareCard'
import MemberGrid from './MemberGrid'
import { PanelRow, PanelSection, SwitchRow } from './PanelParts'
import type { SubPanel } from './subPanels'
import { groupTypeIcon, groupTypeLabel } from '../groupTypeIcons'
import { useApp } from '@/root/AppContext'

interface MainViewProps {
  info: GroupInfo
  conversation: Conversation | undefined
  members: MemberListState | undefined
  robots: RobotList | null
  can: GroupPanelAbilities
  open(sub: SubPanel): void
  onManage(): void
  onReport(): void
  onInvite(): void
  onMember(member: GroupMember): void
  onClear(): void
  onLeave(): void
}

const run = (p: Promise<unknown>) => void p.catch((err: unknown) => console.warn('changing the conversation failed', err))

/** The group info panel's main view (spec 2 "Group screens"), top to bottom. */
export default function MainView(props: MainViewProps) {
  const app = useApp()
  const { mediaUrl, setFolded, setMuted } = app.chat
  const { pinConversation } = app.groups
  const { info, conversation, members, robots, can, open, onManage, onReport, onInvite, onMember, onClear, onLeave } = props
  const conversationID = conversation?.conversationID ?? ''
  const self = info.selfMember
  // In the mini-program, 转发 from here shares the group's card: its avatar and name, its join card.
  useOfferShareCard(groupShareCard(info), info.groupAvatar ? mediaUrl(info.groupAvatar) : '')
  return (
    <View className='gpanel-body' data-testid='group-panel-main'>
      <MemberGrid
        groupNumber={info.groupNumber}
        list={members}
        canInvite={can.invite}
        canRemove={can.remove}
        onInvite={onInvite}
        onRemove={() => open({ kind: 'select', mode: 'remove' })}
        onMember={onMember}
        robots={robots?.robots ?? []}
        onRobot={() => open({ kind: 'robots' })}
      />
      {robots && (robots.canManage || robots.robots.length > 0) ? (
        <PanelSection>
          <PanelRow
            label='群机器人'
            value={<View className='gpanel-row__text' data-testid='group-robots-value'>{robots.robots.length > 0 ? `${robots.robots.length}个` : '未添加'}</View>}
            testId='group-robots-row'
            onClick={() => open({ kind: 'robots' })}
          />
        </PanelSection>
      ) : null}
      <PanelSection>
        <PanelRow
          label='群聊名称'
          value={<View className='gpanel-row__text' data-testid='group-name-value'>{info.groupName}</View>}
          testId='group-name-row'
          onClick={can.editProfile ? () => open({ kind: 'text', field: 'name' }) : undefined}
        />
        <PanelRow label='群头像' value={<GroupAvatar src={info.groupAvatar ? mediaUrl(info.groupAvatar) : ''} members={info.groupchatMemberList.slice(0, 9).map((m) => (m.avatar ? mediaUrl(m.avatar) : ''))} size={28} testId='group-avatar-value' />} testId='group-avatar-row' onClick={() => open({ kind: 'avatar' })} />
        <PanelRow
          label='群号'
          value={
            <View className='gpanel-qr-value'>
              <View data-testid='group-number-value'>{info.groupNumber}</View>
              <Image nativeProps={{ alt: '' }} className='gpanel-qr-icon' src={icons.scan} />
            </View>
          }
          testId='group-qr-row'
          onClick={() => open({ kind: 'qr' })}
        />
        <PanelRow
          label='群类型'
          value={
            <View className='gpanel-qr-value' data-testid='group-type-value'>
              <Image nativeProps={{ alt: '' }} className='gpanel-qr-icon' src={groupTypeIcon(info.groupType)} />
              <View>{groupTypeLabel(info.groupType)}</View>
            </View>
          }
          testId='group-type-row'
        />
        <PanelRow
          label='群公告'
          block
          value={
            <View className={`gpanel-notice${info.groupNotice ? '' : ' gpanel-notice--empty'}`} data-testid='group-notice-value'>
              {info.groupNotice || GroupText.NoNotice}
            </View>
          }
          testId='group-notice-row'
          onClick={can.editProfile ? () => open({ kind: 'text', field: 'notice' }) : undefined}
        />
        {can.openManage ? <PanelRow label='群管理' testId='group-manage-row' onClick={onManage} /> : null}
      </PanelSection>
      <PanelSection>
        <PanelRow
          label='我在本群的昵称'
          value={<View className='gpanel-row__text' data-testid='group-nickname-value'>{self.groupNickname || '未设置'}</View>}
          testId='group-nickname-row'
          onClick={() => open({ kind: 'text', field: 'nickname' })}
        />
        <PanelRow
          label='群备注'
          value={<View className='gpanel-row__text' data-testid='group-remark-value'>{self.groupNameRemark || '未设置'}</View>}
          testId='group-remark-row'
          onClick={() => open({ kind: 'text', field: 'remark' })}
        />
      </PanelSection>
      {conversation ? (
        <PanelSection>
          <SwitchRow label='置顶聊天' checked={conversation.isPinned} testId='group-pin-switch' onChange={(v) => run(pinConversation(conversationID, v))} />
          <SwitchRow label='消息免打扰' checked={conversation.isMuted} testId='group-mute-switch' onChange={(v) => run(setMuted(conversationID, v))} />
          {conversation.isMuted ? (
            <SwitchRow label='归档' checked={isArchived(conversation)} testId='group-archive-switch' onChange={(v) => run(setFolded(conversationID, v))} />
          ) : null}
        </PanelSection>
      ) : null}
      <PanelSection>
        <PanelRow label='清空聊天记录' testId='group-clear-row' danger onClick={onClear} />
        <PanelRow label='举报' testId='group-report-row' onClick={onReport} />
      </PanelSection>
      <View className='gpanel-foot'>
        {shareCard.available ? (
          <Button block openType='share' className='gpanel-share' testId='group-share'>
            分享给微信好友
          </Button>
        ) : null}
        <Button variant='danger' block testId={can.dissolve ? 'group-dissolve' : 'group-quit'} onClick={onLeave}>
          {can.dissolve ? '解散群聊' : '删除并退出'}
        </Button>
      </View>
    </View>
  )
}
