import { Image, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import Dialog from '@/components/layout/Dialog'
import checkIcon from '@/components/group/icons/check.svg'
import { pressable } from '@/platform/focus'

interface DeleteConversationDialogProps {
  /** The name of the conversation to delete; null keeps the dialog closed. */
  name: string | null
  onConfirm(clearHistory: boolean): Promise<void>
  onClose(): void
}

/**
 * 删除会话 (spec 4 "Conversations": conversation only, or with the history after confirming). The
 * history option starts unticked each time, so clearing is never carried over by accident.
 */
export default function DeleteConversationDialog({ name, onConfirm, onClose }: DeleteConversationDialogProps) {
  const [clearHistory, setClearHistory] = useState(false)
  useEffect(() => {
    if (name !== null) setClearHistory(false)
  }, [name])

  const confirm = async () => {
    try {
      await onConfirm(clearHistory)
      onClose()
    } catch {
      // The action has told the user what went wrong; the dialog stays for another try.
    }
  }

  return (
    <Dialog
      open={name !== null}
      title='删除会话'
      onClose={onClose}
      testId='conv-delete-dialog'
      confirm={{ label: '删除', danger: true, testId: 'conv-delete-confirm', onConfirm: confirm }}
    >
      <View className='conv-delete__text'>
        删除后，「{name}」将从会话列表中移除，收到新消息时会重新出现。
      </View>
      <View {...pressable()}
        className={`check-option${clearHistory ? ' check-option--on' : ''}`}
        role='checkbox'
        aria-checked={clearHistory ? 'true' : 'false'}
        data-testid='conv-delete-clear-history'
        onClick={() => setClearHistory(!clearHistory)}
      >
        <View className='check-option__box'>{clearHistory ? <Image nativeProps={{ alt: '' }} className='check-option__tick' src={checkIcon} /> : null}</View>
        <View>同时清空聊天记录</View>
      </View>
      {clearHistory ? <View className='conv-delete__warn'>聊天记录清空后无法恢复。</View> : null}
    </Dialog>
  )
}
