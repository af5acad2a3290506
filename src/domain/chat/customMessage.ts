import { ROBOT_MARKDOWN_TYPE, ROBOT_NEWS_TYPE } from '@shared/plain/bots'
import { SummaryLabel } from '@shared/plain/chat'
import { readCollectDetail, type CollectDetail } from '@/domain/favorites/collectMessage'
import { parseJsonObject } from '@/utils/json'

/**
 * What a custom message (TIMCustomElem) carries in its JSON `data` (spec section 3 "Custom
 * message data"), read defensively: data written by other clients may miss fields.
 */
export type CustomContent =
  | { kind: 'nameCard'; userId: string; nickName: string; avatar: string }
  | { kind: 'order'; title: string; description: string; price: string; imageUrl: string; link: string }
  | { kind: 'evaluate'; score: number; comment: string }
  | { kind: 'link'; text: string; link: string }
  | { kind: 'collect'; title: string; note: string; image: string; detail: CollectDetail }
  /** The official helper's welcome card: its questions, each answered when clicked. */
  | { kind: 'helper'; title: string; image: string; questions: Array<{ id: number; question: string; jumpUrl: string }> }
  /** Notices shown as centred grey text: group custom tips, friend and blacklist events. */
  | { kind: 'tip'; text: string }
  | { kind: 'unknown'; text: string }
  /** A group robot's markdown post (docs/bots.md), parsed into blocks when shown. */
  | { kind: 'robotMarkdown'; markdown: string }
  /** A group robot's news: up to 8 articles, each a link. */
  | { kind: 'robotNews'; articles: Array<{ title: string; description: string; url: string; picurl: string }> }

type Json = Record<string, unknown>

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

function nickList(v: unknown): string {
  if (!Array.isArray(v)) return ''
  return v
    .map((x) => (x && typeof x === 'object' ? str((x as Json).nickName) : ''))
    .filter(Boolean)
    .join('、')
}

/** GroupCustomMsg: the sender wrote the sentence (content); otherwise it is built from the names. */
function groupCustomTip(data: Json): string {
  const content = str(data.content)
  if (content) return content
  const operator = data.operatorUser && typeof data.operatorUser === 'object' ? str((data.operatorUser as Json).nickName) : ''
  const operated = nickList(data.operated)
  if (operator && operated) return `${operator}邀请${operated}加入了群聊`
  return operator ? `${operator}更新了群聊` : '群聊有更新'
}

function helperCard(data: Json): CustomContent {
  const content = data.content && typeof data.content === 'object' ? (data.content as Json) : {}
  const img = content.imgMsg && typeof content.imgMsg === 'object' ? str((content.imgMsg as Json).img) : ''
  const list = Array.isArray(content.txtMsg) ? (content.txtMsg as unknown[]) : []
  const questions = list
    .map((q) => (q && typeof q === 'object' ? (q as Json) : {}))
    .map((q) => ({ id: Number(q.id), question: str(q.question), jumpUrl: str(q.jumpUrl) }))
    .filter((q) => Number.isInteger(q.id) && q.id > 0 && q.question !== '')
  return { kind: 'helper', title: str(content.title) || '常见问题', image: img, questions }
}

export function parseCustomContent(payload: Record<string, unknown>): CustomContent {
  const data = parseJsonObject(payload.data)
  const description = str(payload.description)
  const fallback: CustomContent = { kind: 'unknown', text: description || SummaryLabel.Custom }
  if (!data) return fallback
  const type = str(data.type)
  const business = str(data.businessID)
  switch (type) {
    case 'nameCard':
      return { kind: 'nameCard', userId: str(data.userId), nickName: str(data.nickName), avatar: str(data.avatar) }
    case 'collect': {
      const detail = parseJsonObject(data.detail) ?? (data.detail && typeof data.detail === 'object' ? (data.detail as Json) : {})
      return { kind: 'collect', title: str(detail.collectTitle), note: str(detail.noteContent), image: str(detail.videoImage), detail: readCollectDetail(detail) }
    }
    case 'wisperHelper Msg':
      return helperCard(data)
    case 'GroupCustomMsg':
      return { kind: 'tip', text: groupCustomTip(data) }
    case ROBOT_MARKDOWN_TYPE:
      return { kind: 'robotMarkdown', markdown: str(data.content) }
    case ROBOT_NEWS_TYPE: {
      const list = Array.isArray(data.articles) ? (data.articles as unknown[]) : []
      const articles = list
        .map((a) => (a && typeof a === 'object' ? (a as Json) : {}))
        .map((a) => ({ title: str(a.title), description: str(a.description), url: str(a.url), picurl: str(a.picurl) }))
        .filter((a) => a.title !== '')
      return articles.length ? { kind: 'robotNews', articles } : fallback
    }
    case 'GroupCustomMsg_Type_createGroup': {
      const op = data.operatorUser && typeof data.operatorUser === 'object' ? str((data.operatorUser as Json).nickName) : ''
      return { kind: 'tip', text: str(data.content) || `${op || '群主'}创建了群聊` }
    }
    case 'CustomMsg_Type_addFriend':
      return { kind: 'tip', text: str(data.content) || '你们已经是好友了，现在可以开始聊天了' }
    case 'CustomMsg_Type_addBlack':
      return { kind: 'tip', text: str(data.content) || '对方已被加入黑名单' }
    case 'CustomMsg_Type_deleteFriend':
      return { kind: 'tip', text: str(data.content) || '好友关系已解除' }
    default:
      break
  }
  switch (business) {
    case 'order':
      return {
        kind: 'order',
        title: str(data.title),
        description: str(data.description),
        price: str(data.price),
        imageUrl: str(data.imageUrl),
        link: str(data.link),
      }
    case 'evaluate': {
      const score = Number(data.score)
      return { kind: 'evaluate', score: Number.isFinite(score) ? Math.max(0, Math.min(5, Math.round(score))) : 0, comment: str(data.comment) }
    }
    case 'link':
      return { kind: 'link', text: str(data.text), link: str(data.link) }
    default:
      return fallback
  }
}
