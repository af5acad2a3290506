import { Input, View } from '@tarojs/components'
import { useState } from 'react'
import Button from '@/components/layout/Button'
import { setJoinLevel } from '@/services/groups'
import { joinLevelError } from '@/domain/groups/validation'
import { PanelHeader, SwitchRow } from './PanelParts'

/** Join level limit: on with a level of 1-200, off sends 0. */
export default function JoinLevelPanel({ groupNumber, level, onBack }: { groupNumber: string; level: number; onBack(): void }) {
  const [on, setOn] = useState(level > 0)
  const [text, setText] = useState(level > 0 ? String(level) : '')
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)

  const submit = async () => {
    const problem = on ? joinLevelError(text) : ''
    setError(problem)
    if (problem || saving) return
    const next = on ? Number(text.trim()) : 0
    if (next === level) return onBack()
    setSaving(true)
    const done = await setJoinLevel(groupNumber, next)
    setSaving(false)
    if (done) onBack()
  }

  return (
    <View className='gpanel-sub' data-testid='group-join-level'>
      <PanelHeader title='入群等级限制' onBack={onBack} />
      <SwitchRow label='开启等级限制' checked={on} testId='group-join-level-switch' onChange={setOn} />
      {on ? (
        <View className='gedit'>
          <View className={`gedit__box${error ? ' gedit__box--invalid' : ''}`}>
            <Input
              className='gedit__input'
              value={text}
              type='text'
              placeholder='请输入1-200之间的等级'
              placeholderClass='input-placeholder'
              maxlength={5}
              data-testid='group-join-level-input'
              onInput={(e) => setText(e.detail.value)}
              onConfirm={() => void submit()}
            />
          </View>
          <View className='gedit__meta'>
            <View className='gedit__error' data-testid='group-join-level-error'>
              {error}
            </View>
          </View>
        </View>
      ) : null}
      <View className='gedit'>
        <Button variant='primary' block loading={saving} testId='group-join-level-save' onClick={() => void submit()}>
          保存
        </Button>
      </View>
    </View>
  )
}
