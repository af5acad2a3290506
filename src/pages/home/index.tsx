import { Image, View } from '@tarojs/components'
import { useEffect } from 'react'
import heroImage from '@/assets/hero.svg'
import checkIcon from '@/assets/icons/check-circle.svg'
import serverIcon from '@/assets/icons/server.svg'
import scaleIcon from '@/assets/icons/scale.svg'
import { icons } from '@/assets/icons'
import GuestLayout from '@/components/layout/GuestLayout'
import Button from '@/components/layout/Button'
import { scrollToSection } from '@/components/layout/scrollToSection'
import { currentQuery, enterApp, navigate } from '@/router/navigation'
import { DEPLOYMENT, FEATURES } from './features'
import './index.scss'

const TIER_ICONS = [serverIcon, scaleIcon]

export default function HomePage() {
  useEffect(() => {
    // Another guest page's "产品介绍" link lands here with ?section=intro.
    const section = currentQuery().section
    if (section === 'intro' || section === 'about') {
      const timer = setTimeout(() => scrollToSection(`section-${section}`), 60)
      return () => clearTimeout(timer)
    }
    return undefined
  }, [])

  return (
    <GuestLayout route='home'>
      <View className='home-hero'>
        <View className='home-hero__inner'>
          <View className='home-hero__text'>
            <View className='home-hero__eyebrow'>自托管的即时通讯</View>
            <View className='home-hero__title'>把聊天装进你自己的服务器</View>
            <View className='home-hero__lead'>
              微谈是一款微信风格的即时通讯产品：单聊、群聊、通讯录、收藏、朋友圈，以及最多 9 人的语音视频通话。一台机器即可运行，数据留在你自己手里。
            </View>
            <View className='home-hero__actions'>
              <Button variant='primary' size='large' testId='hero-try-web' onClick={() => void enterApp()}>
                立即体验网页版
              </Button>
              <Button variant='ghost' size='large' onClick={() => scrollToSection('section-intro')}>
                了解产品
              </Button>
            </View>
          </View>
          <Image nativeProps={{ alt: '' }} className='home-hero__image' src={heroImage} />
        </View>
      </View>

      <View className='home-section' id='section-intro' data-testid='section-intro'>
        <View className='home-section__inner'>
          <View className='home-section__title'>产品介绍</View>
          <View className='home-section__lead'>熟悉的微信式体验，覆盖日常沟通所需的一切。</View>
          <View className='home-features'>
            {FEATURES.map((f) => (
              <View key={f.title} className='home-feature'>
                <View className='home-feature__icon-wrap'>
                  <Image nativeProps={{ alt: '' }} className='home-feature__icon' src={icons[f.icon]} />
                </View>
                <View className='home-feature__title'>{f.title}</View>
                <View className='home-feature__text'>{f.text}</View>
              </View>
            ))}
          </View>

          <View className='home-section__subtitle'>部署方式</View>
          <View className='home-tiers'>
            {DEPLOYMENT.map((tier, i) => (
              <View key={tier.title} className='home-tier'>
                <View className='home-tier__head'>
                  <Image nativeProps={{ alt: '' }} className='home-tier__icon' src={TIER_ICONS[i]} />
                  <View>
                    <View className='home-tier__title'>{tier.title}</View>
                    <View className='home-tier__subtitle'>{tier.subtitle}</View>
                  </View>
                </View>
                {tier.points.map((p) => (
                  <View key={p} className='home-tier__point'>
                    <Image nativeProps={{ alt: '' }} className='home-tier__check' src={checkIcon} />
                    <View>{p}</View>
                  </View>
                ))}
              </View>
            ))}
          </View>
        </View>
      </View>

      <View className='home-section home-section--soft' id='section-about' data-testid='section-about'>
        <View className='home-section__inner home-about'>
          <View className='home-section__title'>关于我们</View>
          <View className='home-about__text'>
            我们相信，沟通的数据应当由使用它的人自己掌控。微谈不依赖任何第三方云服务：消息、文件和通话信令都由你部署的服务器处理，从一台小服务器起步，需要时再扩展到数据库集群。
          </View>
          <View className='home-about__text'>
            无论是团队内部沟通、社区运营，还是为家人朋友搭建一个私有的聊天空间，微谈都希望成为一个可靠、顺手的选择。
          </View>
          <View className='home-about__actions'>
            <Button variant='default' onClick={() => navigate('about')}>了解更多</Button>
          </View>
        </View>
      </View>
    </GuestLayout>
  )
}
