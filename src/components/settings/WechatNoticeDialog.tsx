import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import type { WechatSubscriptionAnswer } from '@shared/wechat'
import Button from '@/components/layout/Button'
import Dialog from '@/components/layout/Dialog'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { useApp, useAppStore } from '@/root/AppContext'
import './settings.scss'

interface WechatNoticeDialogProps {
  open: boolean
  onClose: () => void
}

/**
 * Settings → 通知 in the mini-program: WeChat's subscription messages. Each 开启 asks WeChat
 * (its own dialog) and is good for one notice while the mini-program is closed, as WeChat allows.
 */
export default function WechatNoticeDialog({ open, onClose }: WechatNoticeDialogProps) {
  const { wechat, push, toast } = useApp()
  const previews = useAppStore((s) => s.userConfig?.showPreviews ?? false)
  const [templates, setTemplates] = useState<string[] | null>(null)
  const [status, setStatus] = useState<WechatSubscriptionAnswer | null>(null)
  const { busy, error, run } = useAsyncAction()

  useEffect(() => {
    if (!open) return
    void wechat.config().then(async (c) => {
      setTemplates(c.templateIds)
      if (c.templateIds.length > 0) setStatus(await wechat.subscription().catch(() => null))
    })
  }, [open])

  // WeChat shows its dialog only from the tap's own handler: the templates are the ones loaded already.
  const subscribe = () =>
    run(async () => {
      const answer = await wechat.subscribe(templates ?? [])
      if (!answer) {
        toast.error('未授权消息提醒')
        return
      }
      setStatus(answer)
      toast.success('已开启微信消息提醒')
    })

  if (!open) return null
  return (
    <Dialog open={open} title='通知' onClose={onClose} testId='notification-dialog' closeTestId='notification-close'>
      <View className='settings-section'>
        <View className='settings-section__head'>
          <View className='settings-section__title'>微信消息提醒</View>
          <View className={`settings-status${status?.subscribed ? ' settings-status--on' : ''}`} data-testid='wechat-notice-state'>
            {templates === null ? '读取中…' : templates.length === 0 ? '未开通' : status?.subscribed ? `已开启（剩余 ${status.remaining} 次）` : '未开启'}
          </View>
        </View>
        <View className='settings-section__lead'>
          {templates?.length === 0
            ? '服务器未开通微信消息提醒。'
            : '开启后，小程序关闭时收到新的私聊消息或未接来电，会通过微信服务通知提醒你一次；再次打开小程序后，下次离开时会再提醒。微信每授权一次，只能发送一次提醒。免打扰的会话不会提醒。'}
        </View>
        {error ? <View className='form-error'>{error}</View> : null}
        {templates && templates.length > 0 ? (
          <View className='settings-section__actions'>
            <Button variant='primary' loading={busy} testId='wechat-notice-subscribe' onClick={subscribe}>
              {status?.subscribed ? '再授权一次' : '开启消息提醒'}
            </Button>
          </View>
        ) : null}
      </View>
      <View className='settings-section settings-section--last'>
        <View className='settings-section__head'>
          <View className='settings-section__title'>显示消息预览</View>
          <View
            className={`settings__switch${previews ? ' settings__switch--on' : ''}`}
            role='switch'
            aria-checked={previews ? 'true' : 'false'}
            data-testid='push-previews-switch'
            onClick={() => void push.setPreviews(!previews).catch(() => undefined)}
          />
        </View>
        <View className='settings-section__lead'>
          {previews ? '提醒中显示发送人和消息内容。' : '提醒中只显示「你有新消息」，不显示发送人和内容。'}
        </View>
      </View>
    </Dialog>
  )
}
