import { ActionStatus, BlackStatus, FriendsStatus, SpaceStatus, type FriendInfo } from '../../../types/friends.js'

/** How a deleted account shows: its ID, name and avatar only, and actionStatus 1. */
export const deletedProfile = (wtId: string, nickName: string, avatar: string): FriendInfo => ({
  wtId,
  nickName,
  avatar,
  bio: '',
  remark: '',
  friendsStatus: FriendsStatus.NotFriend,
  ownerBlackStatus: BlackStatus.No,
  actionStatus: ActionStatus.Deleted,
  applySource: 0,
  commonGroupCount: 0,
  friendsSpaceStatus: SpaceStatus.Shown,
  mineSpaceStatus: SpaceStatus.Shown,
  tagNameList: [],
  userType: 0,
  applying: false,
  isSelf: false,
})

/** What `me` reads of a live user: remark, tags and flags are mine only while we are two-way friends. */
export interface ProfileFacts {
  wt_id: string
  nick_name: string
  avatar: string
  bio: string
  remark: string | null
  friends_space_status: number | null
  mine_space_status: number | null
  friend_source: number | null
  reverse: boolean
  black: boolean
  apply_source: number | null
  common: number
  tag_names: string[]
}

export function profileAsSeen(r: ProfileFacts, me: string): FriendInfo {
  const friend = r.remark !== null && r.reverse
  return {
    wtId: r.wt_id,
    nickName: r.nick_name,
    avatar: r.avatar,
    bio: r.bio,
    remark: friend ? r.remark! : '',
    friendsStatus: friend ? FriendsStatus.Friend : FriendsStatus.NotFriend,
    ownerBlackStatus: r.black ? BlackStatus.Yes : BlackStatus.No,
    actionStatus: ActionStatus.Active,
    applySource: (friend ? r.friend_source : r.apply_source) ?? 0,
    commonGroupCount: r.common,
    friendsSpaceStatus: (friend ? r.friends_space_status! : 0) as SpaceStatus,
    mineSpaceStatus: (friend ? r.mine_space_status! : 0) as SpaceStatus,
    tagNameList: friend ? r.tag_names : [],
    userType: 0,
    applying: r.apply_source !== null,
    isSelf: r.wt_id === me,
  }
}
