import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { GroupIdentity, type GroupMemberDetail } from '@shared/group'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import Dialog from '@/components/layout/Dialog'
import { useApp, useAppStore } from '@/root/AppContext'
import MemberContact from './MemberContact'
import { formatDateTime, joinTypeText } from './memberInfo'
import MuteDurationDialog from './panel/MuteDurationDialog'
import { memberAbilities, panelAbilities, roleLabel } from '@/domain/groups/permissions'
import ProfileLine from './ProfileLine'
import { removeQuestion } from './panel/memberName'

interface MemberProfilePopupProps {
  groupNumber: string
  /** The member to show; null closes the popup. */
  wtId: string | null
  onClose(): void
}

/**
 * A group member's card (from the member list or an avatar in the chat): who they are, how and
 * when they joined (for admins and oneself), and the actions the viewer's role allows on them.
 */
export default function MemberProfilePopup({ groupNumber, wtId, onClose }: MemberProfilePopupProps) {
  const app = useApp()
  const { mediaUrl, openConversation } = app.chat
  const { blacklistMembers, memberDetail, muteMembers, removeMembers, setAdmins } = app.groups
  const info = useAppStore((s) => s.groupInfos[groupNumber])
  const selfID = useAppStore((s) => s.user?.wtId ?? '')
  const [detail, setDetail] = useState<GroupMemberDetail | null>(null)
  const [loading, setLoading] = useState(false)
  const [muting, setMuting] = useState(false)
  const [busy, setBusy] = useState(false)
  // Removing and blacklisting a member ask first, as WeChat does.
  const [confirming, setConfirming] = useState<'remove' | 'black' | null>(null)

  useEffect(() => {
    setDetail(null)
    if (!wtId) return
    let current = true
    setLoading(true)
    void memberDetail(groupNumber, wtId).then((d) => {
      if (!current) return
      setLoading(false)
      if (d) setDetail(d)
      else onClose()
    })
    return () => {
      current = false
    }
  }, [groupNumber, wtId])

  const viewer = { wtId: selfID, identity: info?.selfMember.identity ?? GroupIdentity.Member }
  const target = detail ? { wtId: detail.wtId, identity: detail.identity } : null
  const can = target ? memberAbilities(viewer, target) : null
  const self = detail?.wtId === selfID
  const showInfo = self || panelAbilities(viewer.identity, info?.inviteSwitch ?? 2).viewMemberInfo
  const now = Math.floor(Date.now() / 1000)
  const muted = (detail?.muteUntil ?? 0) > now

  const act = async (call: () => Promise<boolean>, closeAfter = false) => {
    if (busy) return
    setBusy(true)
    const done = await call()
    setBusy(false)
    if (!done || !wtId) return
    if (closeAfter) onClose()
    else {
      const fresh = await memberDetail(groupNumber, wtId)
      if (fresh) setDetail(fresh)
    }
  }

  const sendMessage = () => {
    if (!detail) return
    onClose()
    void openConversation(`C2C${detail.wtId}`)
  }

  return (
    <Dialog open={wtId !== null} title='群成员资料' onClose={onClose} closeOnMask testId='group-member-popup'>
      {loading || !detail ? (
        <View className='gmembers__status'>
          <View className='spinner' /> 加载中…
        </View>
      ) : (
        <View className='gprofile' data-id={detail.wtId}>
          <View className='gprofile__head'>
            <Avatar src={detail.avatar ? mediaUrl(detail.avatar) : ''} size={56} />
            <View className='gprofile__names'>
              <View className='gprofile__name' data-testid='group-member-popup-name'>
                {detail.groupNickname || detail.nickname}
                {roleLabel(detail.identity) ? (
                  <View className={`gmember__role${detail.identity === 3 ? ' gmember__role--owner' : ''}`} data-testid='group-member-popup-role'>
                    {roleLabel(detail.identity)}
                  </View>
                ) : null}
              </View>
              <View className='gprofile__sub'>昵称：{detail.nickname}</View>
              <View className='gprofile__sub'>ID：{detail.wtId}</View>
            </View>
          </View>
          {showInfo ? (
            <View className='gprofile__info' data-testid='group-member-info'>
              {detail.joinType ? <ProfileLine label='入群方式' value={joinTypeText(detail.joinType, detail.inviterUserName)} testId='group-member-join-type' /> : null}
              {detail.createTime ? <ProfileLine label='入群时间' value={formatDateTime(detail.createTime)} /> : null}
              <ProfileLine label='最后发言' value={detail.lastSendMsgTime ? formatDateTime(detail.lastSendMsgTime) : '暂无发言'} />
              {detail.inviterUserName ? <ProfileLine label='邀请人' value={detail.inviterUserName} /> : null}
              {muted ? <ProfileLine label='禁言至' value={formatDateTime(detail.muteUntil)} testId='group-member-muted' /> : null}
            </View>
          ) : null}
          {info && !self ? <MemberContact member={detail} groupID={info.groupID} groupName={info.groupName} /> : null}
          <View className='gprofile__actions'>
            {!self && (detail.canAddFriend || viewer.identity !== GroupIdentity.Member) ? (
              <Button variant='primary' testId='group-member-message' onClick={sendMessage}>
                发消息
              </Button>
            ) : null}
            {can?.setAdmin ? (
              <Button testId='group-member-admin' loading={busy} onClick={() => void act(() => setAdmins(groupNumber, [detail.wtId], detail.identity === GroupIdentity.Admin ? 1 : 2))}>
                {detail.identity === GroupIdentity.Admin ? '取消管理员' : '设为管理员'}
              </Button>
            ) : null}
            {can?.mute ? (
              <Button testId='group-member-mute' loading={busy} onClick={() => (muted ? void act(() => muteMembers(groupNumber, [detail.wtId], 0)) : setMuting(true))}>
                {muted ? '解除禁言' : '禁言'}
              </Button>
            ) : null}
            {can?.remove ? (
              <Button variant='danger' testId='group-member-remove' loading={busy} onClick={() => setConfirming('remove')}>
                移出群聊
              </Button>
            ) : null}
            {can?.blacklist ? (
              <Button testId='group-member-black' loading={busy} onClick={() => setConfirming('black')}>
                加入黑名单
              </Button>
            ) : null}
          </View>
        </View>
      )}
      <MuteDurationDialog
        open={muting}
        onClose={() => setMuting(false)}
        onPick={(seconds) => {
          setMuting(false)
          if (detail) void act(() => muteMembers(groupNumber, [detail.wtId], seconds))
        }}
      />
      <ConfirmDialog
        open={confirming !== null && detail !== null}
        title={confirming === 'black' ? '加入黑名单' : '移出群聊'}
        danger
        testId='group-member-confirm'
        onConfirm={async () => {
          const kind = confirming
          setConfirming(null)
          if (!detail) return
          await act(() => (kind === 'black' ? blacklistMembers(groupNumber, [detail.wtId]) : removeMembers(groupNumber, [detail.wtId])), true)
        }}
        onClose={() => setConfirming(null)}
      >
        <View className='gprofile__confirm'>
          {confirming === 'black' ? `将「${detail?.groupNickname || detail?.nickname || ''}」移出群聊并加入群黑名单，对方将不能再加入本群` : removeQuestion([detail?.groupNickname || detail?.nickname || ''])}
        </View>
      </ConfirmDialog>
    </Dialog>
  )
}
