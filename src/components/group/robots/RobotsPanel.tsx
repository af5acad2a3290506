import { Image, Input, Text, View } from '@tarojs/components'
import { useEffect, useId, useState } from 'react'
import { ROBOT_LABEL, ROBOTS_OFF_TEXT, WEBHOOK_LIMITS, type Robot, type RobotList, type RobotSecrets } from '@shared/bots'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import { useApp } from '@/root/AppContext'
import { PanelHeader } from '../panel/PanelParts'
import { useAvatarUpload } from '../useAvatarUpload'
import cameraAdd from '../icons/camera-add.svg'
import { focusFirst, pressable } from '@/platform/focus'

interface RobotsPanelProps {
  groupNumber: string
  list: RobotList | null
  onChanged(): void
  onBack(): void
}

type Confirm = { kind: 'remove' | 'regenerate'; robot: Robot } | null

/** Shown once after adding or regenerating: the address (and signing secret) with 复制. */
function SecretCard({ secrets, onDone }: { secrets: RobotSecrets; onDone(): void }) {
  const { robots } = useApp()
  return (
    <View className='grobot-secret' data-testid='robot-secret'>
      <View className='grobot-secret__title'>「{secrets.robot.name}」的 Webhook 地址</View>
      <View className='grobot-secret__hint'>地址只显示这一次，请复制保存。泄露后请重置地址。</View>
      <Text className='grobot-secret__value' data-testid='robot-webhook-url' userSelect>
        {secrets.webhookUrl}
      </Text>
      <Button variant='primary' size='small' testId='robot-copy-url' onClick={() => void robots.copy(secrets.webhookUrl)}>
        复制
      </Button>
      {secrets.callbackSecret ? (
        <>
          <View className='grobot-secret__hint'>回调签名密钥（用于校验回调请求的签名）</View>
          <Text className='grobot-secret__value' data-testid='robot-callback-secret' userSelect>
            {secrets.callbackSecret}
          </Text>
          <Button size='small' testId='robot-copy-secret' onClick={() => void robots.copy(secrets.callbackSecret)}>
            复制
          </Button>
        </>
      ) : null}
      <View {...pressable()} className='grobot-secret__done link' data-testid='robot-secret-done' onClick={onDone}>
        我已保存
      </View>
    </View>
  )
}

/** One object for every render: Taro's input takes a new one as a change and draws itself again. */
const NAME_FIELD = { 'aria-label': '机器人名称' }

function AddForm({ groupNumber, onAdded, onCancel }: { groupNumber: string; onAdded(s: RobotSecrets): void; onCancel(): void }) {
  const { robots, chat } = useApp()
  const avatar = useAvatarUpload()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [callbackUrl, setCallbackUrl] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  // The name field takes focus as the form opens, once its input is drawn. Not Taro's `focus`: it
  // is lost when the input is drawn before it is in the page, and it takes focus back from the
  // field being typed in each time the name field draws itself again.
  const nameFieldId = `robot-name-${useId().replace(/[^\w-]/g, '')}`
  useEffect(() => focusFirst(nameFieldId), [nameFieldId])
  const submit = async () => {
    if (busy || avatar.uploading) return
    if (!name.trim()) return setError('请输入机器人名称')
    setError('')
    setBusy(true)
    const added = await robots.add({ groupNumber, name: name.trim(), avatar: avatar.url, description: description.trim(), callbackUrl: callbackUrl.trim() })
    setBusy(false)
    if (added) onAdded(added)
  }
  return (
    <View className='grobot-form' data-testid='robot-add-form'>
      <View {...pressable('选择头像')} className='grobot-form__avatar' data-testid='robot-avatar-pick' onClick={() => void avatar.pick()}>
        {avatar.preview ? <Image nativeProps={{ alt: '' }} className='grobot-form__avatar-img' src={avatar.url ? chat.mediaUrl(avatar.url) : avatar.preview} mode='aspectFill' /> : <Image nativeProps={{ alt: '' }} className='grobot-form__avatar-icon' src={cameraAdd} />}
      </View>
      <View className='grobot-form__label'>名称</View>
      <View id={nameFieldId}>
        <Input className='grobot-form__input' value={name} maxlength={20} placeholder='例如：告警助手' placeholderClass='input-placeholder' nativeProps={NAME_FIELD} data-testid='robot-name-input' onInput={(e) => setName(e.detail.value)} />
      </View>
      <View className='grobot-form__label'>简介（选填）</View>
      <Input className='grobot-form__input' value={description} maxlength={100} placeholder='它会发什么消息' placeholderClass='input-placeholder' nativeProps={{ 'aria-label': '简介（选填）' }} data-testid='robot-desc-input' onInput={(e) => setDescription(e.detail.value)} />
      <View className='grobot-form__label'>回调地址（选填，被@时回答）</View>
      {/* Taro's input cuts at 140 characters unless told otherwise; a callback address runs longer. */}
      <Input className='grobot-form__input' value={callbackUrl} maxlength={WEBHOOK_LIMITS.urlBytes} placeholder='https://' placeholderClass='input-placeholder' nativeProps={{ 'aria-label': '回调地址（选填，被@时回答）' }} data-testid='robot-callback-input' onInput={(e) => setCallbackUrl(e.detail.value)} />
      <View className='grobot-form__error' data-testid='robot-form-error'>
        {error}
      </View>
      <View className='grobot-form__actions'>
        <Button testId='robot-add-cancel' onClick={onCancel}>
          取消
        </Button>
        <Button variant='primary' loading={busy} testId='robot-add-submit' onClick={() => void submit()}>
          添加
        </Button>
      </View>
    </View>
  )
}

/**
 * 群机器人: every member sees the group's robots and what they are for; the owner and the
 * administrators add them (the address is shown once), reset their address, pause and remove them.
 */
export default function RobotsPanel({ groupNumber, list, onChanged, onBack }: RobotsPanelProps) {
  const { robots, chat } = useApp()
  const [adding, setAdding] = useState(false)
  const [secrets, setSecrets] = useState<RobotSecrets | null>(null)
  const [confirm, setConfirm] = useState<Confirm>(null)
  const [busy, setBusy] = useState(false)
  const manage = list?.canManage ?? false
  const shown = (s: RobotSecrets) => {
    setAdding(false)
    setSecrets(s)
    onChanged()
  }
  const runConfirm = async () => {
    if (!confirm || busy) return
    setBusy(true)
    if (confirm.kind === 'remove') {
      if (await robots.remove(groupNumber, confirm.robot.robotId)) onChanged()
    } else {
      const again = await robots.regenerate(groupNumber, confirm.robot.robotId)
      if (again) shown(again)
    }
    setBusy(false)
    setConfirm(null)
  }
  return (
    <View className='gpanel-sub' data-testid='group-robots'>
      <PanelHeader title='群机器人' onBack={onBack} />
      <View className='gpanel-body grobots'>
        {list && !list.enabled ? <View className='grobots__off'>{ROBOTS_OFF_TEXT}</View> : null}
        {secrets ? <SecretCard secrets={secrets} onDone={() => setSecrets(null)} /> : null}
        {adding ? <AddForm groupNumber={groupNumber} onAdded={shown} onCancel={() => setAdding(false)} /> : null}
        {!list ? (
          <View className='gmembers__status'>
            <View className='spinner' /> 加载中…
          </View>
        ) : list.robots.length === 0 && !adding && !secrets ? (
          <View className='grobots__empty'>{manage ? '还没有机器人。添加后，脚本和告警系统可以通过 Webhook 地址向本群发消息。' : '本群还没有机器人'}</View>
        ) : (
          list.robots.map((r) => (
            <View key={r.robotId} className='grobot' data-testid='robot-row' data-id={r.robotId} data-paused={r.paused ? 'true' : 'false'}>
              <Avatar src={r.avatar ? chat.mediaUrl(r.avatar) : ''} size={40} />
              <View className='grobot__main'>
                <View className='grobot__name'>
                  <Text>{r.name}</Text>
                  <Text className='msg-robot-label'>{ROBOT_LABEL}</Text>
                  {r.paused ? <Text className='grobot__paused'>已暂停</Text> : null}
                </View>
                <View className='grobot__desc'>{r.description || (r.answers ? '被@时回答' : '通过 Webhook 发消息')}</View>
                {manage ? (
                  <View className='grobot__actions'>
                    <View {...pressable()} className='link' data-testid='robot-regenerate' aria-label={`重置 ${r.name} 的地址`} onClick={() => setConfirm({ kind: 'regenerate', robot: r })}>
                      重置地址
                    </View>
                    <View {...pressable()} className='link' data-testid='robot-pause' aria-label={`${r.paused ? '恢复' : '暂停'} ${r.name}`} onClick={() => void robots.setPaused(groupNumber, r.robotId, !r.paused).then((done) => done && onChanged())}>
                      {r.paused ? '恢复' : '暂停'}
                    </View>
                    <View {...pressable()} className='link grobot__remove' data-testid='robot-remove' aria-label={`移除 ${r.name}`} onClick={() => setConfirm({ kind: 'remove', robot: r })}>
                      移除
                    </View>
                  </View>
                ) : null}
              </View>
            </View>
          ))
        )}
        {list && !manage && list.enabled ? (
          <View className='grobots__note' data-testid='robots-who-manages'>
            群主和管理员可以添加、暂停和移除机器人。
          </View>
        ) : null}
        {manage && list?.enabled && !adding ? (
          <View className='gpanel-foot'>
            <Button variant='primary' block testId='robot-add' onClick={() => setAdding(true)}>
              添加机器人
            </Button>
          </View>
        ) : null}
      </View>
      <ConfirmDialog open={confirm?.kind === 'remove'} title='移除机器人' danger busy={busy} testId='robot-remove-dialog' onConfirm={() => void runConfirm()} onClose={() => setConfirm(null)}>
        {confirm ? `移除后，「${confirm.robot.name}」的地址立即失效。确定移除吗？` : ''}
      </ConfirmDialog>
      <ConfirmDialog open={confirm?.kind === 'regenerate'} title='重置地址' busy={busy} testId='robot-regenerate-dialog' onConfirm={() => void runConfirm()} onClose={() => setConfirm(null)}>
        {confirm ? `重置后，「${confirm.robot.name}」的旧地址立即失效，需在发消息的系统中换成新地址。` : ''}
      </ConfirmDialog>
    </View>
  )
}
