import { Image, Textarea, View } from '@tarojs/components'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { GROUP_NAME_MAX, GROUP_NOTICE_MAX, GroupType } from '@shared/group'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import Dialog from '@/components/layout/Dialog'
import TextField from '@/components/layout/TextField'
import { useApp, useAppStore } from '@/root/AppContext'
import { compareConversations } from '@/stores/selectors/chat'
import GroupTypePicker from './GroupTypePicker'
import TransferPicker from './TransferPicker'
import { pickerCandidates, entriesFromSearch, entryName, type PickerEntry } from './pickerEntries'
import { useAvatarUpload } from './useAvatarUpload'
import cameraIcon from './icons/camera-add.svg'
import './group.scss'
import { pressable } from '@/platform/focus'

/** Spec 9: the success message follows the creation after 600 ms, once the new chat is on screen. */
const CREATED_MESSAGE_DELAY_MS = 600
/** Members shown by avatar on the details step before '…' takes over. */
const MEMBER_PREVIEW = 8

type Step = 'members' | 'details'

interface CreateGroupDialogProps {
  open: boolean
  onClose(): void
  /** The group exists; its conversation should be opened. */
  onCreated(conversationID: string): void
}

const chars = (s: string) => Array.from(s).length

/** A first name for the group, as WeChat does: the members' names joined, cut to the limit. */
function suggestedName(selfNick: string, members: readonly PickerEntry[]): string {
  const joined = [selfNick, ...members.map(entryName)].filter(Boolean).join('、')
  return Array.from(joined).slice(0, GROUP_NAME_MAX).join('')
}

/** The first problem of the details form in the product's words (spec 5), or ''. */
export function groupFormError(name: string, notice: string): string {
  if (!name.trim()) return '群名称不能为空'
  if (chars(name.trim()) > GROUP_NAME_MAX) return `群名称不能超过${GROUP_NAME_MAX}个字`
  if (chars(notice) > GROUP_NOTICE_MAX) return `群公告不能超过${GROUP_NOTICE_MAX}个字`
  return ''
}

/**
 * 发起群聊 in two steps: pick the members with the transfer picker, then name the group, give it
 * an avatar and a notice. Going back keeps what was entered.
 */
export default function CreateGroupDialog({ open, onClose, onCreated }: CreateGroupDialogProps) {
  const app = useApp()
  const { createGroup, mediaUrl, searchById } = app.chat
  const { toast } = app
  const [step, setStep] = useState<Step>('members')
  const [selected, setSelected] = useState<PickerEntry[]>([])
  const [name, setName] = useState('')
  const [notice, setNotice] = useState('')
  const [groupType, setGroupType] = useState<GroupType>(GroupType.Work)
  const [error, setError] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const avatar = useAvatarUpload()
  const conversations = useAppStore((s) => s.conversations)
  const friends = useAppStore((s) => s.friends)
  const viewerID = useAppStore((s) => s.user?.wtId ?? '')
  const selfNick = useAppStore((s) => s.user?.nickName ?? '')

  useEffect(() => {
    if (!open) return
    setStep('members')
    setSelected([])
    setName('')
    setNotice('')
    setError('')
    avatar.reset()
  }, [open, avatar.reset])

  const candidates = useMemo(
    () => pickerCandidates(friends, Object.values(conversations).sort(compareConversations), viewerID, mediaUrl),
    [friends, conversations, viewerID],
  )
  const searchRemote = useCallback(async (text: string) => entriesFromSearch(await searchById(text), viewerID, mediaUrl), [viewerID])

  const toDetails = () => {
    if (selected.length === 0) return
    if (!name.trim()) setName(suggestedName(selfNick, selected))
    setError('')
    setStep('details')
  }

  const submit = async () => {
    const problem = groupFormError(name, notice)
    setError(problem)
    if (problem || submitting) return
    if (avatar.uploading) {
      setError('群头像上传中，请稍候')
      return
    }
    setSubmitting(true)
    try {
      const conversationID = await createGroup({
        groupName: name.trim(),
        groupNotice: notice,
        groupAvatar: avatar.url,
        wtIds: selected.map((e) => e.id),
        groupType,
      })
      onClose()
      onCreated(conversationID)
      setTimeout(() => toast.success('创建成功'), CREATED_MESSAGE_DELAY_MS)
    } catch (err) {
      // The request layer has shown a toast; the reason also stays in the form.
      setError(err instanceof Error && err.message ? err.message : '创建失败，请重试')
    } finally {
      setSubmitting(false)
    }
  }

  const footer =
    step === 'members' ? (
      <>
        <Button onClick={onClose}>取消</Button>
        <Button variant='primary' disabled={selected.length === 0} testId='picker-done' onClick={toDetails}>
          {selected.length ? `下一步 (${selected.length})` : '下一步'}
        </Button>
      </>
    ) : (
      <>
        <Button testId='group-create-back' onClick={() => setStep('members')}>
          上一步
        </Button>
        <Button variant='primary' loading={submitting} disabled={avatar.uploading} testId='group-create-submit' onClick={submit}>
          创建
        </Button>
      </>
    )

  return (
    <Dialog open={open} wide title={step === 'members' ? '发起群聊 · 选择群成员' : '发起群聊 · 群资料'} onClose={onClose} testId='group-create-dialog' footer={footer}>
      {step === 'members' ? (
        <TransferPicker entries={candidates} selected={selected} onChange={setSelected} searchRemote={searchRemote} />
      ) : (
        <View className='group-form'>
          <View>
            <View {...pressable()}
              className={`group-avatar${avatar.preview ? ' group-avatar--filled' : ''}`}
              data-testid='group-create-avatar'
              data-uploaded={avatar.url ? 'true' : 'false'}
              aria-label='上传群头像'
              onClick={avatar.pick}
            >
              {avatar.preview ? (
                <Image nativeProps={{ alt: '' }} className='group-avatar__image' src={avatar.preview} mode='aspectFill' />
              ) : (
                <>
                  <Image nativeProps={{ alt: '' }} className='group-avatar__icon' src={cameraIcon} />
                  <View>群头像</View>
                </>
              )}
              {avatar.uploading ? (
                <View className='group-avatar__progress' data-testid='group-create-avatar-progress'>
                  <View className='group-avatar__percent'>{Math.round(avatar.progress * 100)}%</View>
                  <View className='group-avatar__bar'>
                    <View className='group-avatar__bar-fill' style={{ width: `${Math.round(avatar.progress * 100)}%` }} />
                  </View>
                </View>
              ) : null}
            </View>
            <View className='group-avatar__hint'>{avatar.preview && !avatar.uploading ? '点击更换' : '可选'}</View>
          </View>
          <View className='group-form__fields'>
            <View className='field__label'>
              群名称
              <View className='group-field__count'>
                {chars(name)}/{GROUP_NAME_MAX}
              </View>
            </View>
            <TextField
              value={name}
              onChange={(v) => {
                setName(v)
                if (error) setError('')
              }}
              onConfirm={submit}
              placeholder='请输入群名称'
              maxLength={GROUP_NAME_MAX}
              invalid={error.startsWith('群名称')}
              testId='group-create-name'
            />
            <View className='field__label'>
              群公告
              <View className='group-field__count'>
                {chars(notice)}/{GROUP_NOTICE_MAX}
              </View>
            </View>
            <View className='field'>
              <Textarea
                className='group-notice'
                value={notice}
                placeholder='选填，群成员进群后可见'
                placeholderClass='input-placeholder'
                maxlength={GROUP_NOTICE_MAX}
                data-testid='group-create-notice'
                onInput={(e) => setNotice(e.detail.value)}
              />
            </View>
            <View className='field__label'>群类型</View>
            <GroupTypePicker value={groupType} onChange={setGroupType} />
            <View className='field__label'>群成员 ({selected.length + 1})</View>
            <View className='group-members'>
              {selected.slice(0, MEMBER_PREVIEW).map((e) => (
                <Avatar key={e.id} src={e.avatar} size={28} />
              ))}
              {selected.length > MEMBER_PREVIEW ? <View className='group-members__more'>等 {selected.length} 人</View> : null}
              <View {...pressable()} className='group-members__edit' onClick={() => setStep('members')}>
                修改
              </View>
            </View>
            <View className='form-error' data-testid='group-create-error'>
              {error}
            </View>
          </View>
        </View>
      )}
    </Dialog>
  )
}
