import { Image, View } from '@tarojs/components'
import { useEffect, useId, useState } from 'react'
import { BlackStatus, FriendsStatus, type ApplySource } from '@shared/friends'
import { ComplaintTarget } from '@shared/complaint'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import ReportDialog, { type ReportTarget } from '@/components/report/ReportDialog'
import ProfileMoments from '@/components/moments/ProfileMoments'
import ApplyDialog from './ApplyDialog'
import FriendPickerDialog from './FriendPickerDialog'
import RemarkTagDialog from './RemarkTagDialog'
import SpaceDialog from './SpaceDialog'
import { applySourceText, hasActions, isFriendProfile, profileMenuItems, type ProfileAction } from './profileMenu'
import { useProfile } from './useProfile'
import moreIcon from './icons/more.svg'
import { useApp } from '@/root/AppContext'
import { contactShareCard } from '@/components/share/cards'
import { useOfferShareCard } from '@/components/share/offeredCard'
import { shareCard } from '@/platform/shareCard'
import { focusFirst, pressable } from '@/platform/focus'
import { usePopup } from '@/components/common/usePopup'

interface ProfileCardProps {
  wtId: string
  /** How the viewer found this person: the applySource of an add from here. */
  applySource: ApplySource
  groupID?: string
  groupName?: string
  /** The friend was deleted from here (a pane showing them should move on). */
  onRemoved?(): void
}

type Dialog = ProfileAction | 'apply' | null

/**
 * A person's card (spec 2 "profile popups", 3 "Profile"): avatar, names, ID, bio, tags and
 * common groups, 'send message' or 'add', and the settings menu. The same card sits in the
 * contacts page's detail pane and in the profile popup.
 */
export default function ProfileCard({ wtId, applySource, groupID, groupName, onRemoved }: ProfileCardProps) {
  const app = useApp()
  const { mediaUrl } = app.chat
  const { goToChat, removeFriend, sendNameCard, setBlacklisted } = app.contacts
  const profile = useProfile(wtId)
  const { info } = profile
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = `profile-menu${useId().replace(/:/g, '')}`
  // Escape closes the menu and focus goes back to ··· when it closes, so a dialog opened from one
  // of its entries returns focus there too. The region is ··· with its menu (a press on ··· toggles);
  // focus goes to the first entry, which the region's rule would skip.
  usePopup(menuOpen, () => setMenuOpen(false), { id: menuId, takeFocus: false })
  useEffect(() => {
    if (!menuOpen) return
    const timer = setTimeout(() => focusFirst(`${menuId}-items`), 0)
    return () => clearTimeout(timer)
  }, [menuOpen, menuId])
  const [dialog, setDialog] = useState<Dialog>(null)
  const [applied, setApplied] = useState(false)
  // In the mini-program, 转发 from here shares this person's card (not one's own, nor a deleted account's).
  const shareable = info !== null && !info.isSelf && hasActions(info)
  useOfferShareCard(shareable ? contactShareCard(info) : null, shareable && info.avatar ? mediaUrl(info.avatar) : '')

  if (profile.loading && !info) {
    return (
      <View className='profile profile--loading' data-testid='profile-card' data-state='loading'>
        <View className='spinner' />
      </View>
    )
  }
  if (!info) {
    return (
      <View className='profile profile--loading' data-testid='profile-card' data-state='error'>
        <View>资料加载失败</View>
        <Button size='small' onClick={profile.reload}>
          重试
        </Button>
      </View>
    )
  }

  const friend = isFriendProfile(info)
  const actions = hasActions(info)
  const blacklisted = info.ownerBlackStatus === BlackStatus.Yes
  const items = profileMenuItems(info)
  const title = info.remark || info.nickName || info.wtId
  const close = () => setDialog(null)

  const pick = async (action: ProfileAction) => {
    setMenuOpen(false)
    // Blacklisting asks first, as WeChat does; taking someone off the list does not.
    if (action !== 'black' || !blacklisted) {
      setDialog(action)
      return
    }
    await toggleBlacklist()
  }

  const toggleBlacklist = async () => {
    const status = await setBlacklisted(info.wtId, !blacklisted)
    if (status !== null) profile.patch({ ownerBlackStatus: status })
  }

  const reportTarget: ReportTarget | null = dialog === 'report' ? { id: info.wtId, type: ComplaintTarget.User, name: title } : null

  return (
    <View className='profile' data-testid='profile-card' data-id={info.wtId} data-friend={friend ? 'true' : 'false'} data-state='ready'>
      <View className='profile__head'>
        <Avatar src={info.avatar ? mediaUrl(info.avatar) : ''} size={64} testId='profile-avatar' />
        <View className='profile__names'>
          <View className='profile__title' data-testid='profile-name'>
            {title}
          </View>
          {info.remark ? <View className='profile__sub'>昵称：{info.nickName}</View> : null}
          <View className='profile__sub' data-testid='profile-id'>
            ID：{info.wtId}
          </View>
        </View>
        {items.length > 0 ? (
          <View id={menuId} className='profile__menu-wrap'>
            <View {...pressable()} className='profile__menu-button' aria-label='更多' aria-haspopup='menu' aria-expanded={menuOpen ? 'true' : 'false'} data-testid='profile-menu' onClick={() => setMenuOpen(!menuOpen)}>
              <Image nativeProps={{ alt: '' }} className='profile__menu-icon' src={moreIcon} />
            </View>
            {menuOpen ? (
              <>
                <View className='profile__menu-mask' onClick={() => setMenuOpen(false)} />
                <View id={`${menuId}-items`} className='profile__menu' role='menu' data-testid='profile-menu-list'>
                  {items.map((item) => (
                    <View {...pressable()}
                      key={item.action}
                      className={`profile__menu-item${item.danger ? ' profile__menu-item--danger' : ''}`}
                      role='menuitem'
                      data-testid={`profile-action-${item.action}`}
                      onClick={() => void pick(item.action)}
                    >
                      {item.label}
                    </View>
                  ))}
                </View>
              </>
            ) : null}
          </View>
        ) : null}
      </View>
      {!actions && !info.isSelf ? <View className='profile__notice' data-testid='profile-deleted'>该账号已注销</View> : null}
      {blacklisted ? (
        <View className='profile__notice' data-testid='profile-blacklisted'>
          已加入黑名单，你将不再收到对方的消息
        </View>
      ) : null}
      <View className='profile__rows'>
        {friend ? <Row label='备注' value={info.remark || '未设置'} testId='profile-remark' /> : null}
        {friend ? <Row label='标签' value={info.tagNameList.join('，') || '未设置'} testId='profile-tags' /> : null}
        <Row label='个性签名' value={info.bio || '这个人很懒，什么都没留下'} testId='profile-bio' />
        <Row label='共同群聊' value={`${info.commonGroupCount} 个`} testId='profile-common-groups' />
        {friend && applySourceText(info.applySource) ? <Row label='来源' value={applySourceText(info.applySource)} /> : null}
        {friend || info.isSelf ? <ProfileMoments wtId={info.wtId} /> : null}
      </View>
      {actions ? (
        <View className='profile__actions'>
          {friend ? (
            <Button variant='primary' testId='profile-send-message' onClick={() => void goToChat(info.wtId)}>
              发消息
            </Button>
          ) : info.applying || applied ? (
            <Button disabled testId='profile-applied'>
              已发送申请
            </Button>
          ) : (
            <Button variant='primary' testId='profile-add' onClick={() => setDialog('apply')}>
              添加到通讯录
            </Button>
          )}
          {shareCard.available && !info.isSelf ? (
            <Button openType='share' className='profile__share' testId='profile-share'>
              分享名片
            </Button>
          ) : null}
        </View>
      ) : null}

      <ApplyDialog
        target={dialog === 'apply' ? { wtId: info.wtId, nickName: info.nickName, applySource, groupID, groupName } : null}
        onSent={() => {
          setApplied(true)
          close()
        }}
        onClose={close}
      />
      <RemarkTagDialog friend={dialog === 'remark' ? { wtId: info.wtId, remark: info.remark } : null} onSaved={profile.reload} onClose={close} />
      <SpaceDialog info={info} open={dialog === 'space'} onChanged={profile.patch} onClose={close} />
      <FriendPickerDialog
        open={dialog === 'recommend'}
        title={`把「${title}」推荐给朋友`}
        exclude={[info.wtId]}
        doneText='发送'
        testId='recommend-dialog'
        onDone={(selected) => sendNameCard({ userId: info.wtId, nickName: info.nickName, avatar: info.avatar }, selected.map((e) => e.id))}
        onClose={close}
      />
      <ReportDialog target={reportTarget} onClose={close} />
      <ConfirmDialog
        open={dialog === 'delete'}
        title='删除好友'
        confirmText='删除'
        danger
        testId='friend-delete-dialog'
        onConfirm={async () => {
          if (!(await removeFriend(info.wtId))) return
          close()
          profile.patch({ friendsStatus: FriendsStatus.NotFriend, remark: '', tagNameList: [] })
          onRemoved?.()
        }}
        onClose={close}
      >
        <View className='contact-confirm__text'>{`将联系人「${title}」删除，同时删除与该联系人的聊天记录`}</View>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'black'}
        title='加入黑名单'
        confirmText='确定'
        danger
        testId='black-confirm'
        onConfirm={async () => {
          await toggleBlacklist()
          close()
        }}
        onClose={close}
      >
        <View className='contact-confirm__text'>{`加入黑名单后，你将不再收到「${title}」的消息`}</View>
      </ConfirmDialog>
    </View>
  )
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <View className='profile__row'>
      <View className='profile__label'>{label}</View>
      <View className='profile__value' data-testid={testId}>
        {value}
      </View>
    </View>
  )
}
