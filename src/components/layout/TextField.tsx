import { Input, View } from '@tarojs/components'
import { useMemo } from 'react'

interface TextFieldProps {
  value: string
  onChange: (value: string) => void
  /** Enter (the keyboard's confirm key) submits the surrounding form. */
  onConfirm?: () => void
  label?: string
  /** The field's name for a screen reader when it has no label above it (not `ariaLabel`: Taro's JSX transform turns aria* props into attributes). */
  a11yLabel?: string
  hint?: string
  placeholder?: string
  password?: boolean
  /** Required: Taro's input would otherwise cut at 140 characters without a word. -1 takes any length. */
  maxLength: number
  invalid?: boolean
  /** What is wrong with the value, under the field in place of the hint (marks it invalid). */
  error?: string
  large?: boolean
  focus?: boolean
  testId?: string
}

/** Label + input + hint, styled by styles/input.scss. The test id sits on the Taro Input. */
export default function TextField(props: TextFieldProps) {
  const { value, onChange, onConfirm, label, a11yLabel, hint, placeholder, password, maxLength, error, large, focus, testId } = props
  const invalid = props.invalid || Boolean(error)
  // The same object while the name stays: Taro's input takes a new one as a change and draws
  // itself again, and a field with focus={true} then takes focus from wherever the user is.
  const name = label || a11yLabel
  const nativeProps = useMemo(() => (name ? { 'aria-label': name } : undefined), [name])
  const classes = ['input', invalid ? 'input--invalid' : '', large ? 'input--large' : ''].filter(Boolean).join(' ')
  return (
    <View className='field'>
      {label ? <View className='field__label'>{label}</View> : null}
      <Input
        className={classes}
        value={value}
        type='text'
        password={password}
        placeholder={placeholder}
        placeholderClass='input-placeholder'
        maxlength={maxLength}
        focus={focus}
        confirmType='done'
        data-testid={testId}
        // The label above is text beside the field; the screen reader hears it as the field's name.
        nativeProps={nativeProps}
        aria-invalid={invalid ? 'true' : undefined}
        onInput={(e) => onChange(e.detail.value)}
        onConfirm={() => onConfirm?.()}
      />
      {error ? (
        <View className='field__error' role='alert' data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </View>
      ) : hint ? (
        <View className='field__hint'>{hint}</View>
      ) : null}
    </View>
  )
}
