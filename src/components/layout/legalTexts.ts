export type LegalDocument = 'agreement' | 'privacy'

export interface LegalSection {
  heading: string
  paragraphs: string[]
}

export interface LegalText {
  title: string
  intro: string
  sections: LegalSection[]
}

/**
 * The user agreement and privacy policy of a self-hosted installation. "运营方" is whoever runs
 * this server; their name and contact details are in the footer (GET /api/site/info).
 */
export const LEGAL_TEXTS: Record<LegalDocument, LegalText> = {
  agreement: {
    title: '用户协议',
    intro: '欢迎使用微谈。微谈是一套由运营方自行部署在其服务器上的即时通讯服务。注册或使用本服务，即表示你已阅读并同意本协议。',
    sections: [
      {
        heading: '一、账号',
        paragraphs: [
          '你使用手机号注册账号，注册后系统会分配一个数字 ID，可用手机号或 ID 登录。请妥善保管密码；开启登录保护后，登录还需要输入锁密码。',
          '账号仅限本人使用。发现账号被他人使用时，请立即修改密码，并在「安全设置」中选择「退出所有设备」。',
        ],
      },
      {
        heading: '二、服务内容',
        paragraphs: [
          '本服务提供单聊、群聊、通讯录、群组管理、收藏、朋友圈以及最多 9 人同时参与的语音和视频通话。',
          '非会员每日的通话时长有上限，会员不受此限制。会员资格与等级由运营方开通和管理。',
        ],
      },
      {
        heading: '三、使用规范',
        paragraphs: [
          '你不得利用本服务发布或传播违法信息、侵犯他人合法权益的内容、垃圾广告或恶意程序，也不得干扰服务的正常运行。',
          '你可以举报违规的用户或群聊。运营方核实后，可对违规账号采取警告、禁言、限制功能直至停用账号等措施。',
        ],
      },
      {
        heading: '四、服务的变更与中止',
        paragraphs: [
          '运营方可能因维护、升级或不可抗力暂停部分或全部服务，并会尽量提前告知。',
          '你可以随时停止使用本服务，并联系运营方注销账号。',
        ],
      },
      {
        heading: '五、其他',
        paragraphs: [
          '本协议的解释与争议处理适用运营方所在地的法律。对本协议有任何疑问，请通过页面底部的联系方式与运营方联系。',
        ],
      },
    ],
  },
  privacy: {
    title: '隐私政策',
    intro: '微谈部署在运营方自己的服务器上，你的数据保存在这台服务器及运营方选定的数据库中，不会发送给第三方云服务。本政策说明我们处理哪些信息以及如何处理。',
    sections: [
      {
        heading: '一、我们收集的信息',
        paragraphs: [
          '账号信息：手机号、昵称、头像、个性签名，以及经过加盐哈希处理的登录密码和锁密码（不保存明文）。',
          '通讯内容：你发送和接收的消息、文件、收藏和朋友圈内容，用于在你的各个设备间同步显示。',
          '设备信息：浏览器生成的设备标识、登录时间和登录方式，用于保护账号安全和管理登录设备。',
        ],
      },
      {
        heading: '二、信息的使用',
        paragraphs: [
          '上述信息只用于提供和保障本服务，例如投递消息、显示未读数、校验登录、统计非会员的每日通话时长。',
          '语音和视频通话的音视频数据尽量在双方设备之间直接传输；需要中转时，只经过运营方部署的中转服务器，不做录制。',
        ],
      },
      {
        heading: '三、信息的存储与保护',
        paragraphs: [
          '数据存储在运营方的服务器上，保存期限以提供服务所必需为限。账号注销后，运营方将删除或匿名化你的个人信息。',
          '登录凭证可以随时通过「退出所有设备」全部作废；修改登录密码后，其他设备上的登录会立即失效。',
        ],
      },
      {
        heading: '四、你的权利',
        paragraphs: [
          '你可以查看和修改自己的昵称、头像等资料，删除聊天记录、收藏和朋友圈，并可以联系运营方导出或注销账号。',
          '浏览器桌面通知默认不显示消息内容预览，你可以在设置中调整。',
        ],
      },
      {
        heading: '五、联系我们',
        paragraphs: [
          '对本政策或你的个人信息有任何疑问，请通过页面底部的联系方式与运营方联系。',
        ],
      },
    ],
  },
}
