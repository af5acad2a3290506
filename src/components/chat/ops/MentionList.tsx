import { View } from '@tarojs/components'
import Avatar from '@/components/layout/Avatar'
import type { MentionCandidate } from '@/services/messageOps/mentions'
import { AT_ALL_TAG } from '@shared/messageOps'
import { isRobotId, ROBOT_LABEL } from '@shared/plain/bots'
import './ops.scss'
import { pressable } from '@/platform/focus'

interface Props {
  candidates: MentionCandidate[]
  /** The entry Up/Down moved to, which Enter picks. */
  highlight?: number
  onPick(c: MentionCandidate): void
}

/** The @ list above the editor. */
export default function MentionList({ candidates, highlight = 0, onPick }: Props) {
  if (candidates.length === 0) return null
  return (
    <View className='mention-list' data-testid='mention-list'>
      {candidates.map((c, i) => (
        <View {...pressable()}
          key={c.userID}
          className={`mention-list__item${i === highlight ? ' mention-list__item--active' : ''}`}
          data-testid='mention-item'
          data-user={c.userID}
          aria-selected={i === highlight}
          onClick={() => onPick(c)}
        >
          {c.userID === AT_ALL_TAG ? <View className='mention-list__all'>@</View> : <Avatar src={c.avatar} size={24} />}
          <View className='mention-list__nick'>{c.nick}</View>
          {isRobotId(c.userID) ? <View className='msg-robot-label'>{ROBOT_LABEL}</View> : null}
        </View>
      ))}
    </View>
  )
}
