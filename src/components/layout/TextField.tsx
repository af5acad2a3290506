import { Input, View } from '@tarojs/components'

interface TextFieldProps {
  value: string
  onChange: (value: string) => void
  /** Enter (the keyboard's confirm key) submits the surrounding form. */
  onConfirm?: () => void
  label?: string
  hint?: string
  placeholder?: string
  password?: boolean
  maxLength?: number
  invalid?: boolean
  large?: boolean
  focus?: boolean
  testId?: string
}

/** Label + input + hint, styled by styles/input.scss. The test id sits on the Taro Input. */
export default function TextField(props: TextFieldProps) {
  const { value, onChange, onConfirm, label, hint, placeholder, password, maxLength, invalid, large, focus, testId } = props
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
        maxlength={maxLength ?? 140}
        focus={focus}
        confirmType='done'
        data-testid={testId}
        aria-invalid={invalid ? 'true' : undefined}
        onInput={(e) => onChange(e.detail.value)}
        onConfirm={() => onConfirm?.()}
      />
      {hint ? <View className='field__hint'>{hint}</View> : null}
    </View>
  )
}
