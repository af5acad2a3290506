import { ApplyStatus, GroupIdentity, JoinType, type GroupApplication, type GroupInfo, type GroupMember } from '@shared/group'

/** Group fixtures of the unit tests. */

export function member(wtId: string, identity: number = GroupIdentity.Member): GroupMember {
  return { userId: wtId, userID: wtId, wtId, nickname: `n${wtId}`, groupNickname: '', avatar: '', identity: identity as GroupMember['identity'], position: '', muteUntil: 0, joinType: JoinType.Invite, createTime: 1 }
}

export function application(applyId: number, groupNumber: string): GroupApplication {
  return {
    applyId,
    groupID: `G${groupNumber}`,
    groupNumber,
    groupName: 'g',
    groupAvatar: '',
    applicationType: 0,
    applicant: `1000${applyId}`,
    applicantNickName: 'a',
    applicantAvatar: '',
    inviterNickName: '',
    applyMessage: '',
    joinType: JoinType.Search,
    applyStatus: ApplyStatus.Pending,
    handlerNickName: '',
    createTime: 1,
    handleTime: 0,
  }
}

export function info(groupNumber: string, identity: number = GroupIdentity.Owner): GroupInfo {
  return {
    groupID: `G${groupNumber}`,
    txGroupid: `G${groupNumber}`,
    groupNumber,
    groupName: '群',
    groupNameRemark: '',
    groupNickname: '',
    groupAvatar: '',
    qrcode: `https://weitalk.example/messages?joinGroup=${groupNumber}`,
    groupNotice: '',
    groupWelcomeMsg: '',
    groupType: 'Work',
    limitLevel: 0,
    inviteSwitch: 0,
    confirminviteSwitch: 1,
    memberProtectSwitch: 0,
    bannedSwitch: 0,
    joinMode: 'approval',
    groupMemberCount: 3,
    adminCount: 0,
    ownerWtId: '10001',
    createTime: 1,
    selfMember: { userId: '10001', identity: identity as GroupInfo['selfMember']['identity'], groupNickname: '', groupNameRemark: '', muteUntil: 0, topStatus: 2 },
    selfInfo: { role: 'Owner' },
    groupchatMemberList: [],
  }
}

