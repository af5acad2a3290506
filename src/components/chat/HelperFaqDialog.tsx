import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import type { HelperQuestion } from '@shared/favorites'
import Dialog from '@/components/layout/Dialog'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

/** The FAQ dialog of the chat screen (spec 2): /user/helperReply/list; a question clicked is asked in the chat. */
export default function HelperFaqDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { favorites } = useApp()
  const [list, setList] = useState<HelperQuestion[] | null>(null)
  const [expanded, setExpanded] = useState<number | null>(null)
  useEffect(() => {
    if (open && list === null) void favorites.helperQuestions().then(setList, () => setList([]))
  }, [open])
  return (
    <Dialog open={open} title='常见问题' onClose={onClose} closeOnMask testId='helper-faq' closeTestId='helper-faq-close'>
      {list === null ? <View className='chat-panel__hint'>加载中…</View> : null}
      {list?.map((q) => (
        <View key={q.id} className='helper-faq__item' data-testid='helper-faq-item'>
          <View {...pressable()} className='helper-card__q' onClick={() => setExpanded((cur) => (cur === q.id ? null : q.id))}>
            {q.question}
          </View>
          {expanded === q.id ? (
            <View className='helper-faq__answer'>
              <View>{q.replyMsg}</View>
              <View {...pressable()}
                className='link helper-faq__ask'
                data-testid='helper-faq-ask'
                onClick={() => {
                  onClose()
                  void favorites.askHelper(q.id).catch(() => undefined)
                }}
              >
                在对话中提问
              </View>
            </View>
          ) : null}
        </View>
      ))}
    </Dialog>
  )
}
