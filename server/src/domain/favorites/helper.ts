import { HELPER_MSG_TYPE, type HelperCardData, type HelperQuestion } from '../../../../types/favorites.js'

/** What the helper says when no keyword matches: where a person can be reached. */
export const helperFallback = (contact: string) =>
  `抱歉，小助手暂时没有找到相关答案。你可以点击右上角「常见问题」查看帮助，或发送邮件至 ${contact} 联系人工客服（工作日 9:00-18:00 回复）。`

export function helperCard(questions: HelperQuestion[]): HelperCardData {
  return {
    type: HELPER_MSG_TYPE,
    detailType: 'faq',
    content: { imgMsg: { img: '' }, title: '你好，我是微谈小助手。下面是大家常问的问题，点一下就能看到答案；也可以直接发消息问我。', txtMsg: questions },
  }
}
