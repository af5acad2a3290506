/**
 * Group robots (docs/bots.md): constants both sides read. A robot is a sender of a group's
 * messages, never a member: its ID has a prefix no person's ID (5-12 digits) can have.
 */

export const ROBOT_ID_PREFIX = 'bot-'
export const isRobotId = (id: string): boolean => id.startsWith(ROBOT_ID_PREFIX)

/** The label in the member list and beside a robot's messages. */
export const ROBOT_LABEL = '机器人'
/** What the asker alone sees when an outgoing robot fails to answer. */
export const ROBOT_NO_ANSWER_TEXT = '机器人暂时无法回答'
export const ROBOTS_OFF_TEXT = '群机器人功能已关闭'
export const ROBOT_NOT_FOUND_TEXT = '机器人不存在'
export const ROBOT_LIMIT_TEXT = '每个群最多添加10个机器人'
/** The operator's BOT_CALLBACK_ALLOW decides; the owner can only pick a public address or ask. */
export const ROBOT_CALLBACK_REFUSED_TEXT = '回调地址不在允许的范围内：请使用公网地址，或请站点运营方放行该地址'

/** Robots per group. */
export const ROBOTS_PER_GROUP = 10

/** WeCom's limits (its group robot documentation), kept so existing tools behave the same. */
export const WEBHOOK_LIMITS = {
  perRobotPerMinute: 20,
  /** Requests to /api/webhook/* per client address per minute, known key or not. */
  perAddressPerMinute: 600,
  textBytes: 2048,
  markdownBytes: 4096,
  imageBytes: 2 * 1024 * 1024,
  articlesMax: 8,
  titleBytes: 128,
  descriptionBytes: 512,
  urlBytes: 2048,
  fileMinBytes: 6,
  fileMaxBytes: 20 * 1024 * 1024,
  /** A media_id is valid this long after its upload. */
  mediaSeconds: 3 * 24 * 3600,
  mentionsMax: 100,
} as const

/** WeCom's error codes, as its robot API answers them. */
export const WeComCode = {
  Ok: 0,
  InvalidMediaSize: 40006,
  InvalidMediaId: 40007,
  InvalidMessageType: 40008,
  InvalidImage: 40009,
  InvalidParameter: 40058,
  EmptyContent: 44004,
  FrequencyLimit: 45009,
  InvalidWebhook: 93000,
} as const

/** The custom message data types a robot's markdown and news messages carry (payload.data is JSON). */
export const ROBOT_MARKDOWN_TYPE = 'RobotMarkdown'
export const ROBOT_NEWS_TYPE = 'RobotNews'

/** Headers of an outgoing robot's callback request. */
export const CALLBACK_HEADERS = {
  timestamp: 'x-weitalk-timestamp',
  signature: 'x-weitalk-signature',
  robot: 'x-weitalk-robot',
} as const
export const CALLBACK_TIMEOUT_MS = 5000
