import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import Dialog from '@/components/layout/Dialog'
import type { PushPermission } from '@/platform/push'
import { PushUnavailable } from '@/platform/pushUnavailable'
import { useApp, useAppStore } from '@/root/AppContext'
import type { PushStatus } from '@/services/push'
import { pressable } from '@/platform/focus'
import './settings.scss'

interface NotificationDialogProps {
  open: boolean
  onClose: () => void
}

/** The browser's permission in words, and how to change it when it stands in the way. */
const PERMISSION_TEXT: Record<PushPermission, string> = {
  granted: '允许',
  denied: '被浏览器阻止',
  default: '尚未允许',
  unsupported: '此浏览器不支持',
}

function permissionHelp(status: PushStatus): string {
  if (status.permission === 'denied') return '通知已被浏览器阻止。请点击地址栏左侧的网站信息图标，在「通知」一项选择「允许」，然后刷新页面。'
  if (status.permission === 'unsupported') {
    return '此浏览器无法接收推送通知。在 iPhone 或 iPad 上，需要 iOS 16.4 及以上版本，并先在 Safari 中点击「分享」→「添加到主屏幕」，再从主屏幕打开微谈。'
  }
  if (status.noPushService) return '此浏览器无法连接推送服务（无痕窗口，或浏览器没有可用的推送服务），关闭页面后将收不到通知；打开微谈时仍会提醒新消息。'
  if (status.permission === 'default') return '打开开关后，浏览器会询问是否允许通知，请选择「允许」。'
  return '关闭微谈页面后，新消息、来电和好友申请仍会通过系统通知提醒你。'
}

/** Settings → 通知: push for this device, message previews, and the browser's permission in words. */
export default function NotificationDialog({ open, onClose }: NotificationDialogProps) {
  const { push, toast } = useApp()
  const previews = useAppStore((s) => s.userConfig?.showPreviews ?? false)
  const [status, setStatus] = useState<PushStatus | null>(null)
  const [busy, setBusy] = useState<'device' | 'previews' | null>(null)

  const load = () =>
    push
      .status()
      .then(setStatus)
      .catch(() => setStatus({ permission: 'unsupported', subscribed: false, noPushService: false }))

  useEffect(() => {
    if (!open) return
    setStatus(null)
    void load()
  }, [open])

  const toggleDevice = async () => {
    if (!status || busy) return
    setBusy('device')
    try {
      if (status.subscribed) {
        await push.disable()
        toast.success('已关闭本设备的通知')
      } else {
        await push.enable()
        toast.success('已开启本设备的通知')
      }
    } catch (err) {
      if (err instanceof PushUnavailable) toast.error(err.message)
    } finally {
      setBusy(null)
      await load()
    }
  }

  const togglePreviews = async () => {
    if (busy) return
    setBusy('previews')
    await push.setPreviews(!previews).catch(() => undefined)
    setBusy(null)
  }

  if (!open) return null
  const usable = status !== null && status.permission !== 'unsupported' && status.permission !== 'denied'
  return (
    <Dialog open={open} title='通知' onClose={onClose} testId='notification-dialog' closeTestId='notification-close'>
      <View className='settings-section'>
        <View className='settings-section__head'>
          <View className='settings-section__title'>本设备接收通知</View>
          <View {...pressable('本设备接收通知')}
            role='switch'
            className={`settings__switch${status?.subscribed ? ' settings__switch--on' : ''}${usable ? '' : ' settings__switch--disabled'}`}
            aria-checked={status?.subscribed ? 'true' : 'false'}
            aria-disabled={usable ? 'false' : 'true'}
            data-testid='push-device-switch'
            onClick={usable ? () => void toggleDevice() : undefined}
          />
        </View>
        {status === null ? (
          <View className='settings-section__lead'>读取中…</View>
        ) : (
          <View>
            <View className='settings-section__lead notify-state' data-testid='push-permission'>
              浏览器通知权限：<View className={`settings-status${status.permission === 'granted' ? ' settings-status--on' : ''}`}>{PERMISSION_TEXT[status.permission]}</View>
            </View>
            <View className='settings-section__lead' data-testid='push-help'>
              {permissionHelp(status)}
            </View>
          </View>
        )}
      </View>
      <View className='settings-section settings-section--last'>
        <View className='settings-section__head'>
          <View className='settings-section__title'>显示消息预览</View>
          <View {...pressable('显示消息预览')}
            role='switch'
            className={`settings__switch${previews ? ' settings__switch--on' : ''}`}
            aria-checked={previews ? 'true' : 'false'}
            data-testid='push-previews-switch'
            onClick={() => void togglePreviews()}
          />
        </View>
        <View className='settings-section__lead'>
          {previews ? '通知中显示发送人和消息内容。' : '通知中只显示「你有新消息」，不显示发送人和内容，以免被旁人看到。'}
        </View>
      </View>
    </Dialog>
  )
}
