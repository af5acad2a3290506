import { Image, View } from '@tarojs/components'
import { GROUP_TYPES, type GroupType } from '@shared/group'
import { groupTypeIcon } from './groupTypeIcons'
import { pressable } from '@/platform/focus'

/** The group types of spec section 3, each with its icon, label and description; one is chosen. */
export default function GroupTypePicker({ value, onChange }: { value: GroupType; onChange(type: GroupType): void }) {
  return (
    <View className='group-types' role='radiogroup'>
      {GROUP_TYPES.map((t) => (
        <View {...pressable()}
          key={t.type}
          className={`group-type${t.type === value ? ' group-type--on' : ''}`}
          role='radio'
          aria-checked={t.type === value ? 'true' : 'false'}
          data-testid='group-type'
          data-type={t.type}
          onClick={() => onChange(t.type)}
        >
          <Image nativeProps={{ alt: '' }} className='group-type__icon' src={groupTypeIcon(t.type)} />
          <View className='group-type__text'>
            <View className='group-type__label'>{t.label}</View>
            <View className='group-type__desc'>{t.description}</View>
          </View>
        </View>
      ))}
    </View>
  )
}
