import { View } from '@tarojs/components'
import { useState, type ReactNode } from 'react'
import ToastHost from '@/components/common/ToastHost'
import LoadingBar from '@/components/common/LoadingBar'
import { useRouteGuard } from '@/router/guard'
import type { RouteName } from '@/router/routes'
import GuestTopBar, { type GuestNavKey } from './GuestTopBar'
import GuestFooter from './GuestFooter'
import LegalDialog from './LegalDialog'
import type { LegalDocument } from './legalTexts'
import './GuestLayout.scss'

type GuestRoute = Extract<RouteName, 'home' | 'login' | 'about' | 'notFound'>

interface GuestLayoutProps {
  route: GuestRoute
  children: ReactNode
  /**
   * flow: sections one after another (home, about); center: one block in the middle (404);
   * card: a card near the top whose height changes with its tabs (login), so it does not jump.
   */
  main?: 'flow' | 'center' | 'card'
}

const ACTIVE_NAV: Record<GuestRoute, GuestNavKey> = { home: 'home', about: 'about', login: null, notFound: null }

/** Frame of the public pages: top bar, content, footer with the legal texts and site details. */
export default function GuestLayout({ route, children, main = 'flow' }: GuestLayoutProps) {
  useRouteGuard(route)
  const [legal, setLegal] = useState<LegalDocument | null>(null)
  return (
    <View className='guest'>
      <LoadingBar />
      <GuestTopBar onHome={route === 'home'} active={ACTIVE_NAV[route]} />
      <View className={`guest__main guest__main--${main}`}>{children}</View>
      <GuestFooter onOpenLegal={setLegal} />
      <LegalDialog document={legal} onClose={() => setLegal(null)} />
      <ToastHost />
    </View>
  )
}
