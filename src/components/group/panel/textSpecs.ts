import { GROUP_NAME_MAX, GROUP_NICKNAME_MAX, GROUP_NOTICE_PANEL_MAX, GROUP_WELCOME_MAX, type GroupInfo } from '@shared/group'
import { editGroupField, editSelf, setWelcomeMessage } from '@/services/groups'
import { groupNameError, nicknameError, panelNoticeError, welcomeError } from '@/domain/groups/validation'
import type { TextEditSpec } from './TextEditPanel'
import type { TextField } from './subPanels'

/** The editor of each group text: title, limit, rule and the call that saves it. */
export function textSpec(field: TextField, info: GroupInfo): TextEditSpec {
  const g = info.groupNumber
  switch (field) {
    case 'name':
      return { title: '修改群聊名称', initial: info.groupName, limit: GROUP_NAME_MAX, validate: groupNameError, save: (v) => editGroupField(g, 'groupName', v), testId: 'group-edit-name' }
    case 'notice':
      return {
        title: '群公告',
        initial: info.groupNotice,
        limit: GROUP_NOTICE_PANEL_MAX,
        multiline: true,
        placeholder: '请输入群公告',
        validate: panelNoticeError,
        save: (v) => editGroupField(g, 'groupNotice', v),
        testId: 'group-edit-notice',
      }
    case 'nickname':
      return { title: '我在本群的昵称', initial: info.selfMember.groupNickname, limit: GROUP_NICKNAME_MAX, validate: nicknameError, save: (v) => editSelf(g, 'groupNickname', v), testId: 'group-edit-nickname' }
    case 'remark':
      return {
        title: '群备注',
        initial: info.selfMember.groupNameRemark,
        limit: GROUP_NICKNAME_MAX,
        placeholder: '群备注仅自己可见',
        validate: nicknameError,
        save: (v) => editSelf(g, 'groupNameRemark', v),
        testId: 'group-edit-remark',
      }
    case 'welcome':
      return {
        title: '入群欢迎语',
        initial: info.groupWelcomeMsg,
        limit: GROUP_WELCOME_MAX,
        multiline: true,
        placeholder: '新成员入群时将收到这条消息',
        validate: welcomeError,
        save: (v) => setWelcomeMessage(g, v),
        testId: 'group-edit-welcome',
      }
  }
}
