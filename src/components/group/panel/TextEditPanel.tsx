import { Image, Input, Textarea, View } from '@tarojs/components'
import { useState } from 'react'
import { icons } from '@/assets/icons'
import Button from '@/components/layout/Button'
import { charCount } from '@/domain/groups/validation'
import { PanelHeader } from './PanelParts'
import { pressable } from '@/platform/focus'

export interface TextEditSpec {
  title: string
  initial: string
  limit: number
  multiline?: boolean
  placeholder?: string
  /** The first problem of a value, or ''. */
  validate?: (value: string) => string
  /** Resolves true once saved. */
  save(value: string): Promise<boolean>
  testId: string
}

/**
 * One text of the group (name, notice, nickname, remark, welcome message): a count against the
 * limit, a clear button, and a save button that is active only for a changed, valid value.
 */
export default function TextEditPanel({ spec, onBack }: { spec: TextEditSpec; onBack(): void }) {
  const [value, setValue] = useState(spec.initial)
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const changed = value.trim() !== spec.initial.trim()

  const submit = async () => {
    const problem = spec.validate?.(value) ?? ''
    setError(problem)
    if (problem || !changed || saving) return
    setSaving(true)
    const done = await spec.save(value.trim())
    setSaving(false)
    if (done) onBack()
  }
  const onInput = (next: string) => {
    setValue(next)
    if (error) setError(spec.validate?.(next) ?? '')
  }

  return (
    <View className='gpanel-sub' data-testid={spec.testId}>
      <PanelHeader title={spec.title} onBack={onBack} />
      <View className='gedit'>
        <View className={`gedit__box${error ? ' gedit__box--invalid' : ''}`}>
          {spec.multiline ? (
            <Textarea
              className='gedit__textarea'
              value={value}
              placeholder={spec.placeholder}
              placeholderClass='input-placeholder'
              maxlength={-1}
              data-testid={`${spec.testId}-input`}
              onInput={(e) => onInput(e.detail.value)}
            />
          ) : (
            <Input
              className='gedit__input'
              value={value}
              type='text'
              placeholder={spec.placeholder}
              placeholderClass='input-placeholder'
              maxlength={spec.limit}
              focus
              data-testid={`${spec.testId}-input`}
              onInput={(e) => onInput(e.detail.value)}
              onConfirm={() => void submit()}
            />
          )}
          {value ? (
            <View {...pressable()} className='gedit__clear' aria-label='清空' data-testid={`${spec.testId}-clear`} onClick={() => onInput('')}>
              <Image nativeProps={{ alt: '' }} className='gedit__clear-icon' src={icons.close} />
            </View>
          ) : null}
        </View>
        <View className='gedit__meta'>
          <View className='gedit__error' data-testid={`${spec.testId}-error`}>
            {error}
          </View>
          <View className={`gedit__count${charCount(value) > spec.limit ? ' gedit__count--over' : ''}`}>
            {charCount(value)}/{spec.limit}
          </View>
        </View>
        <Button variant='primary' block loading={saving} disabled={!changed} testId={`${spec.testId}-save`} onClick={() => void submit()}>
          保存
        </Button>
      </View>
    </View>
  )
}
