import { Image, Input, View } from '@tarojs/components'
import { SEARCH_KEYWORD_MAX } from '@shared/plain/messageOps'
import { icons } from '@/assets/icons'
import { pressable } from '@/platform/focus'

interface SearchBoxProps {
  /** The BEM block that styles the box; its parts are `${block}__icon`, `__input`, `__clear`. */
  block: string
  value: string
  onChange: (value: string) => void
  placeholder: string
  /** On the Taro Input; the clear button gets `${testId}-clear`. */
  testId: string
  className?: string
  /** Labels the keyboard's confirm key 搜索. */
  searchKey?: boolean
  /** Shows a clear button while there is text. */
  clearable?: boolean
}

/** The magnifier and the query field of a list or picker; each place sizes and colours it through its own block. */
export default function SearchBox({ block, value, onChange, placeholder, testId, className, searchKey, clearable }: SearchBoxProps) {
  return (
    <View className={className ? `${block} ${className}` : block} role='search' data-search>
      <Image nativeProps={{ alt: '' }} className={`${block}__icon`} src={icons.search} />
      <Input
        className={`${block}__input`}
        value={value}
        type='text'
        placeholder={placeholder}
        placeholderClass='input-placeholder'
        // The server's limit for the searches it runs; the lists filtered here take as much.
        maxlength={SEARCH_KEYWORD_MAX}
        {...(searchKey ? { confirmType: 'search' as const } : {})}
        data-testid={testId}
        onInput={(e) => onChange(e.detail.value)}
      />
      {clearable && value ? (
        <View {...pressable()} className={`${block}__clear`} aria-label='清除搜索' data-testid={`${testId}-clear`} onClick={() => onChange('')}>
          <Image nativeProps={{ alt: '' }} className={`${block}__clear-icon`} src={icons.close} />
        </View>
      ) : null}
    </View>
  )
}
