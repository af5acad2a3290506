import type { IconName } from '@/assets/icons'

export interface Feature {
  icon: IconName
  title: string
  text: string
}

/** What the product offers, as described on the home page. */
export const FEATURES: readonly Feature[] = [
  {
    icon: 'messagesActive',
    title: '单聊与群聊',
    text: '文字、表情、图片、语音、视频、文件、位置和合并转发的聊天记录；已读回执、撤回、引用回复和 @ 提醒。',
  },
  {
    icon: 'group',
    title: '通讯录与群组',
    text: '好友申请、备注、标签和黑名单；群主、管理员、成员三种角色，支持禁言、入群审核、群公告和欢迎语。',
  },
  {
    icon: 'star',
    title: '收藏与朋友圈',
    text: '收藏消息和笔记并可置顶，常用语一键发送；朋友圈分享动态，好友可以点赞和评论。',
  },
  {
    icon: 'video',
    title: '语音与视频通话',
    text: '一对一和群组音视频通话，最多 9 人同时参与。非会员每日通话时长有上限，会员不限时长。',
  },
  {
    icon: 'devices',
    title: '网页版与小程序',
    text: '同一套代码构建 H5 网页版（桌面和手机浏览器自适应）与微信小程序，消息在多端同步。',
  },
  {
    icon: 'lock',
    title: '登录与安全',
    text: '手机号、ID 或扫码登录；可开启锁密码二次验证，随时一键退出所有设备。',
  },
]

export interface DeploymentTier {
  title: string
  subtitle: string
  points: string[]
}

export const DEPLOYMENT: readonly DeploymentTier[] = [
  {
    title: '单机部署',
    subtitle: '一台机器、一条命令',
    points: ['内置嵌入式数据库，无需另装数据库', '进程内消息分发，开箱即用', '上传文件保存在本地目录', '通话音视频在浏览器之间直连'],
  },
  {
    title: '按需扩展',
    subtitle: '用户变多时平滑升级',
    points: ['切换到 PostgreSQL，表结构与迁移完全相同', '多个服务进程通过 Redis 发布订阅协同', '负载均衡后横向扩容，进程之间不共享内存', '可接入 TURN 中转与 SFU 服务承载多人通话'],
  },
]
