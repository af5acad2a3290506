import { Image, Text, View } from '@tarojs/components'
import type { MomentComment, MomentInteractions } from '@shared/moments'
import likeIcon from '@/assets/icons/moment-like.svg'
import { commentWho, praiseNames } from './momentRules'
import { pressable } from '@/platform/focus'

interface Props {
  interactions: MomentInteractions
  /** A tap on a comment: reply to it, or (own, or on my moment) offer to delete it. */
  onComment(c: MomentComment): void
}

/** The grey box under a moment: who liked it, then the comments in order ("B 回复 A: …"). */
export default function MomentInteractionsView({ interactions, onComment }: Props) {
  const { praiseList, commentsList } = interactions
  if (!praiseList.length && !commentsList.length) return null
  return (
    <View className='moment-box' data-testid='moment-interactions'>
      {praiseList.length ? (
        <View className={`moment-box__likes${commentsList.length ? ' moment-box__likes--split' : ''}`} data-testid='moment-likes'>
          <Image nativeProps={{ alt: '' }} className='moment-box__like-icon' src={likeIcon} />
          <Text className='moment-box__names'>{praiseNames(praiseList)}</Text>
        </View>
      ) : null}
      {commentsList.map((c) => {
        const who = commentWho(c)
        return (
          <View {...pressable()} key={c.id} className='moment-box__comment' data-testid='moment-comment' data-comment-id={c.id} onClick={() => onComment(c)}>
            <Text className='moment-box__name'>{who.from}</Text>
            {who.to ? (
              <>
                <Text className='moment-box__reply'> 回复 </Text>
                <Text className='moment-box__name'>{who.to}</Text>
              </>
            ) : null}
            <Text className='moment-box__text'>: {c.content}</Text>
          </View>
        )
      })}
    </View>
  )
}
