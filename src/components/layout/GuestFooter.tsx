import { Text, View } from '@tarojs/components'
import { useSiteInfo } from './useSiteInfo'
import type { LegalDocument } from './legalTexts'
import { pressable } from '@/platform/focus'

interface GuestFooterProps {
  onOpenLegal: (doc: LegalDocument) => void
}

export default function GuestFooter({ onOpenLegal }: GuestFooterProps) {
  const site = useSiteInfo()
  const footer = site?.footer
  return (
    <View className='guest-footer' data-testid='footer'>
      <View className='guest-footer__inner'>
        <View className='guest-footer__links'>
          <View {...pressable()} className='guest-footer__link' data-testid='footer-agreement' onClick={() => onOpenLegal('agreement')}>用户协议</View>
          <Text className='guest-footer__sep'>|</Text>
          <View {...pressable()} className='guest-footer__link' data-testid='footer-privacy' onClick={() => onOpenLegal('privacy')}>隐私政策</View>
        </View>
        {footer ? (
          <View className='guest-footer__info'>
            <View className='guest-footer__line' data-testid='footer-company'>
              {footer.company}
              <Text className='guest-footer__sep'>·</Text>
              地址：{footer.address}
            </View>
            <View className='guest-footer__line' data-testid='footer-contact'>
              联系我们：{footer.contact}
              <Text className='guest-footer__sep'>·</Text>
              <Text data-testid='footer-registration'>{footer.registration}</Text>
            </View>
          </View>
        ) : null}
        <View className='guest-footer__line guest-footer__copyright'>
          © {site?.productName ?? '微谈'}{site ? ` v${site.version}` : ''} · 自托管即时通讯
        </View>
      </View>
    </View>
  )
}
