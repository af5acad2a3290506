import { Image, View } from '@tarojs/components'
import { useState } from 'react'
import logo from '@/assets/logo.svg'
import { currentQuery, enterApp, navigate } from '@/router/navigation'
import Button from './Button'
import { scrollToSection, scrollToTop } from './scrollToSection'
import { pressable } from '@/platform/focus'

export type GuestNavKey = 'home' | 'intro' | 'about' | null

interface GuestTopBarProps {
  /** True on the home page, where intro and about are sections to scroll to. */
  onHome: boolean
  active: GuestNavKey
}

export default function GuestTopBar({ onHome, active }: GuestTopBarProps) {
  // On the home page the links scroll, so the last one clicked is the section in view.
  const [scrolledTo, setScrolledTo] = useState<GuestNavKey>(() => {
    // Arriving from another page's 产品介绍 link (/?section=intro), which the home page scrolls to.
    const section = onHome ? currentQuery().section : undefined
    return section === 'intro' || section === 'about' ? section : null
  })
  const current = onHome ? (scrolledTo ?? active) : active
  const onHomeScroll = (key: Exclude<GuestNavKey, null>, scroll: () => void) => {
    setScrolledTo(key)
    scroll()
  }
  const goHome = () => (onHome ? onHomeScroll('home', scrollToTop) : navigate('home'))
  const goIntro = () =>
    onHome ? onHomeScroll('intro', () => scrollToSection('section-intro')) : navigate('home', { section: 'intro' })
  const goAbout = () =>
    onHome ? onHomeScroll('about', () => scrollToSection('section-about')) : navigate('about')
  const item = (key: Exclude<GuestNavKey, null>, label: string, onClick: () => void) => (
    <View {...pressable()}
      className={`guest-topbar__link${current === key ? ' guest-topbar__link--active' : ''}`}
      data-testid={`nav-${key}`}
      onClick={onClick}
    >
      {label}
    </View>
  )
  return (
    <View className='guest-topbar'>
      <View className='guest-topbar__inner'>
        <View {...pressable('微谈首页', 'link')} className='guest-topbar__brand' onClick={goHome}>
          <Image nativeProps={{ alt: '' }} className='guest-topbar__logo' src={logo} />
          <View className='guest-topbar__name'>微谈</View>
        </View>
        <View className='guest-topbar__nav'>
          {item('home', '首页', goHome)}
          {item('intro', '产品介绍', goIntro)}
          {item('about', '关于我们', goAbout)}
        </View>
        <Button variant='primary' size='small' testId='home-try-web' onClick={() => void enterApp()}>
          体验网页版
        </Button>
      </View>
    </View>
  )
}
