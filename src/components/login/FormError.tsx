import { View } from '@tarojs/components'

/** The inline error line of the login forms; keeps its height so the form does not jump. */
export default function FormError({ message }: { message: string }) {
  return (
    <View className='form-error' aria-live='polite'>
      {message ? <View data-testid='login-error'>{message}</View> : null}
    </View>
  )
}
