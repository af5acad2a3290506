import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { charCount, FRIEND_REMARK_MAX, TAG_NAME_MAX, type Tag } from '@shared/friends'
import Button from '@/components/layout/Button'
import Dialog from '@/components/layout/Dialog'
import TextField from '@/components/layout/TextField'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

interface RemarkTagDialogProps {
  /** The friend being edited; null keeps the dialog closed. */
  friend: { wtId: string; remark: string } | null
  onSaved(): void
  onClose(): void
}

const cut = (s: string, max: number) => Array.from(s).slice(0, max).join('')

/**
 * 设置备注和标签: the remark (at most 16 characters) and the tags the friend carries, with new tags
 * typed in place (at most 15). Each part is saved only when it changed, with its own toast.
 */
export default function RemarkTagDialog({ friend, onSaved, onClose }: RemarkTagDialogProps) {
  const app = useApp()
  const { saveFriendRemark, saveUserTags } = app.contacts
  const { tagsOfUser } = app.contacts.api
  const [remark, setRemark] = useState('')
  const [tags, setTags] = useState<Tag[] | null>(null)
  const [chosen, setChosen] = useState<number[]>([])
  const [newNames, setNewNames] = useState<string[]>([])
  const [newName, setNewName] = useState('')

  useEffect(() => {
    if (!friend) return
    setRemark(friend.remark)
    setTags(null)
    setNewNames([])
    setNewName('')
    let current = true
    tagsOfUser(friend.wtId)
      .then((list) => {
        if (!current) return
        setTags(list)
        setChosen(list.filter((t) => t.tagStatus === 1).map((t) => t.id))
      })
      .catch(() => {
        if (current) setTags([])
      })
    return () => {
      current = false
    }
  }, [friend])

  const toggle = (id: number) => setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]))
  const addName = () => {
    const name = newName.trim()
    if (!name) return
    const existing = tags?.find((t) => t.tagName === name)
    if (existing) {
      if (!chosen.includes(existing.id)) toggle(existing.id)
    } else if (!newNames.includes(name)) {
      setNewNames([...newNames, name])
    }
    setNewName('')
  }

  const save = async () => {
    if (!friend) return
    const initial = (tags ?? []).filter((t) => t.tagStatus === 1).map((t) => t.id).sort().join(',')
    const tagsChanged = newNames.length > 0 || [...chosen].sort().join(',') !== initial
    const remarkChanged = remark.trim() !== friend.remark
    let ok = true
    if (remarkChanged) ok = (await saveFriendRemark(friend.wtId, remark, 'profile')) && ok
    if (tagsChanged && tags) ok = (await saveUserTags(friend.wtId, chosen, newNames)) && ok
    if (ok) {
      onSaved()
      onClose()
    }
  }

  return (
    <Dialog
      open={friend !== null}
      title='设置备注和标签'
      onClose={onClose}
      testId='remark-tag-dialog'
      confirm={{ label: '完成', testId: 'remark-tag-save', onConfirm: save }}
    >
      <View className='contact-form'>
        <View className='field__label'>
          备注
          <View className='contact-form__count'>
            {charCount(remark)}/{FRIEND_REMARK_MAX}
          </View>
        </View>
        <TextField value={remark} onChange={(v) => setRemark(cut(v, FRIEND_REMARK_MAX))} maxLength={FRIEND_REMARK_MAX} placeholder='添加备注名' testId='remark-input' />
        <View className='field__label'>标签</View>
        {tags === null ? (
          <View className='contact-form__hint'>
            <View className='spinner' /> 正在加载标签…
          </View>
        ) : (
          <View className='tag-chips'>
            {tags.map((t) => (
              <View {...pressable()}
                key={t.id}
                className={`tag-chip${chosen.includes(t.id) ? ' tag-chip--on' : ''}`}
                data-testid='tag-chip'
                data-name={t.tagName}
                aria-checked={chosen.includes(t.id) ? 'true' : 'false'}
                role='checkbox'
                onClick={() => toggle(t.id)}
              >
                {t.tagName}
              </View>
            ))}
            {newNames.map((name) => (
              <View {...pressable()} key={name} className='tag-chip tag-chip--on tag-chip--new' data-testid='tag-chip' data-name={name} onClick={() => setNewNames(newNames.filter((n) => n !== name))}>
                {name}
              </View>
            ))}
            {tags.length === 0 && newNames.length === 0 ? <View className='contact-form__hint'>还没有标签，输入名称新建一个</View> : null}
          </View>
        )}
        <View className='tag-new'>
          <TextField value={newName} onChange={(v) => setNewName(cut(v, TAG_NAME_MAX))} onConfirm={addName} maxLength={TAG_NAME_MAX} placeholder={`新建标签，最多${TAG_NAME_MAX}个字`} testId='tag-new-input' />
          <Button size='small' testId='tag-new-add' disabled={!newName.trim()} onClick={addName}>
            添加
          </Button>
        </View>
      </View>
    </Dialog>
  )
}
