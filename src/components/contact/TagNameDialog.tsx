import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { charCount, TAG_NAME_MAX } from '@shared/friends'
import Dialog from '@/components/layout/Dialog'
import TextField from '@/components/layout/TextField'

interface TagNameDialogProps {
  open: boolean
  title: string
  initial: string
  onSubmit(name: string): Promise<boolean>
  onClose(): void
}

const cut = (s: string) => Array.from(s).slice(0, TAG_NAME_MAX).join('')

/** New tag or rename: a name of 1 to 15 characters; saving an unchanged name just closes. */
export default function TagNameDialog({ open, title, initial, onSubmit, onClose }: TagNameDialogProps) {
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (open) setName(initial)
  }, [open, initial])
  const save = async () => {
    const trimmed = name.trim()
    if (!trimmed || busy) return
    if (trimmed === initial) return onClose()
    setBusy(true)
    const ok = await onSubmit(trimmed)
    setBusy(false)
    if (ok) onClose()
  }
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      testId='tag-name-dialog'
      confirm={{ label: '保存', busy, disabled: !name.trim(), testId: 'tag-name-save', onConfirm: save }}
    >
      <View className='contact-form'>
        <View className='field__label'>
          标签名称
          <View className='contact-form__count'>
            {charCount(name)}/{TAG_NAME_MAX}
          </View>
        </View>
        <TextField value={name} onChange={(v) => setName(cut(v))} onConfirm={save} maxLength={TAG_NAME_MAX} placeholder='请输入标签名称' testId='tag-name-input' />
      </View>
    </Dialog>
  )
}
