import { Image, View } from '@tarojs/components'
import GuestLayout from '@/components/layout/GuestLayout'
import Button from '@/components/layout/Button'
import { useSiteInfo } from '@/components/layout/useSiteInfo'
import logo from '@/assets/logo.svg'
import { enterApp } from '@/router/navigation'
import './index.scss'

const PRINCIPLES = [
  { title: '数据自主', text: '消息、文件和账号都保存在你自己的服务器上，不经过任何第三方云服务。' },
  { title: '轻量起步', text: '一台机器、一条命令即可运行：内置嵌入式数据库，无需额外安装和配置。' },
  { title: '平滑扩展', text: '用户增长后切换到 PostgreSQL 与 Redis，多个服务进程共同承载；表结构与迁移相同，无需改动代码。' },
  { title: '熟悉易用', text: '延续微信的交互习惯，网页版与微信小程序共用一套体验，上手零成本。' },
]

const STACK = [
  { name: '客户端', value: 'Taro + React，一套代码构建 H5 网页版与微信小程序' },
  { name: '服务端', value: 'Node.js（Fastify + WebSocket），提供全部接口与实时通知通道' },
  { name: '数据库', value: '内置 PGlite 嵌入式数据库，可切换为 PostgreSQL' },
  { name: '多进程协同', value: '单进程内置事件总线，扩展时使用 Redis 发布订阅' },
  { name: '音视频通话', value: 'WebRTC，一对一点对点直连，多人通话最多 9 人，可接入 TURN 与 SFU' },
]

export default function AboutPage() {
  const site = useSiteInfo()
  return (
    <GuestLayout route='about'>
      <View className='about'>
        <View className='about__hero'>
          <Image nativeProps={{ alt: '' }} className='about__logo' src={logo} />
          <View className='about__title'>关于微谈</View>
          <View className='about__lead'>
            微谈是一款可以自己部署的微信风格即时通讯产品。我们希望每个团队、社区和家庭，都能拥有一个由自己掌控的聊天空间。
          </View>
        </View>

        <View className='about__block'>
          <View className='about__heading'>我们的理念</View>
          <View className='about__grid'>
            {PRINCIPLES.map((p) => (
              <View key={p.title} className='about__card'>
                <View className='about__card-title'>{p.title}</View>
                <View className='about__card-text'>{p.text}</View>
              </View>
            ))}
          </View>
        </View>

        <View className='about__block'>
          <View className='about__heading'>技术架构</View>
          <View className='about__table'>
            {STACK.map((row) => (
              <View key={row.name} className='about__row'>
                <View className='about__row-name'>{row.name}</View>
                <View className='about__row-value'>{row.value}</View>
              </View>
            ))}
          </View>
        </View>

        <View className='about__block'>
          <View className='about__heading'>联系我们</View>
          {site ? (
            <View className='about__table' data-testid='about-contact'>
              <View className='about__row'>
                <View className='about__row-name'>运营方</View>
                <View className='about__row-value'>{site.footer.company}</View>
              </View>
              <View className='about__row'>
                <View className='about__row-name'>地址</View>
                <View className='about__row-value'>{site.footer.address}</View>
              </View>
              <View className='about__row'>
                <View className='about__row-name'>联系方式</View>
                <View className='about__row-value'>{site.footer.contact}</View>
              </View>
              <View className='about__row'>
                <View className='about__row-name'>版本</View>
                <View className='about__row-value'>{site.productName} v{site.version}</View>
              </View>
            </View>
          ) : (
            <View className='about__muted'>运营方信息加载中…</View>
          )}
        </View>

        <View className='about__cta'>
          <Button variant='primary' size='large' onClick={() => void enterApp()}>体验网页版</Button>
        </View>
      </View>
    </GuestLayout>
  )
}
