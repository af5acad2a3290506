import { Image, View } from '@tarojs/components'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { QrCodeResult } from '@shared/auth'
import refreshIcon from '@/assets/icons/refresh.svg'
import checkIcon from '@/assets/icons/check-circle.svg'
import Button from '@/components/layout/Button'
import { isApiError } from '@/services/api/errors'
import { clipboard } from '@/platform/clipboard'
import { redirectAfterLogin } from '@/router/navigation'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

/** How often the waiting browser asks whether its code was scanned or confirmed. */
const POLL_INTERVAL_MS = 2000

type PanelState = 'loading' | 'pending' | 'scanned' | 'expired' | 'failed'

const STATUS_TEXT: Record<PanelState, string> = {
  loading: '正在生成二维码…',
  pending: '请使用已登录的设备扫码',
  scanned: '已扫描，请在设备上确认',
  expired: '二维码已过期',
  failed: '二维码生成失败，请刷新重试',
}

export default function QrLoginPanel() {
  const app = useApp()
  const { createQrCode, pollQrCode } = app.session
  const { toast } = app
  const [qr, setQr] = useState<QrCodeResult | null>(null)
  const [state, setState] = useState<PanelState>('loading')
  // Each generated code gets a new generation; answers for an older code are ignored.
  const generation = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const stopPolling = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
  }

  const poll = useCallback((code: string, gen: number) => {
    timer.current = setTimeout(async () => {
      if (gen !== generation.current) return
      try {
        const answer = await pollQrCode(code)
        if (gen !== generation.current) return
        if (answer.status === 'confirmed') {
          await redirectAfterLogin()
          return
        }
        if (answer.status === 'expired') {
          setState('expired')
          return
        }
        setState(answer.status)
      } catch (err) {
        if (gen !== generation.current) return
        // The server no longer knows the code; a network hiccup just waits for the next round.
        if (isApiError(err, 400)) {
          setState('expired')
          return
        }
      }
      poll(code, gen)
    }, POLL_INTERVAL_MS)
  }, [])

  const load = useCallback(async () => {
    stopPolling()
    const gen = ++generation.current
    setState('loading')
    try {
      const fresh = await createQrCode()
      if (gen !== generation.current) return
      setQr(fresh)
      setState('pending')
      poll(fresh.qrCode, gen)
    } catch {
      if (gen === generation.current) setState('failed')
    }
  }, [poll])

  useEffect(() => {
    load()
    return () => {
      generation.current++
      stopPolling()
    }
  }, [load])

  const copyLink = async () => {
    if (!qr) return
    const copied = await clipboard.copyText(qr.content)
    if (copied) toast.success('登录链接已复制')
    else toast.waring('当前设备不支持复制，请手动选择链接')
  }

  const stale = state === 'expired' || state === 'failed'
  return (
    <View className='qr-login'>
      <View className='qr-login__frame'>
        {qr && state !== 'failed' ? (
          <Image nativeProps={{ alt: '' }} className='qr-login__image' src={qr.image} data-testid='qr-image' />
        ) : (
          <View className='qr-login__placeholder'>{state === 'loading' ? <View className='spinner' /> : null}</View>
        )}
        {stale ? (
          <View {...pressable()} className='qr-login__overlay' onClick={load}>
            <Image nativeProps={{ alt: '' }} className='qr-login__overlay-icon' src={refreshIcon} />
            <View>点击刷新</View>
          </View>
        ) : null}
        {state === 'scanned' ? (
          <View className='qr-login__overlay qr-login__overlay--scanned'>
            <Image nativeProps={{ alt: '' }} className='qr-login__overlay-icon' src={checkIcon} />
            <View>扫描成功</View>
          </View>
        ) : null}
      </View>
      <View className={`qr-login__status qr-login__status--${state}`} data-testid='qr-status'>
        {STATUS_TEXT[state]}
      </View>
      <View className='qr-login__hint'>
        在已登录微谈的手机或电脑上，打开设置菜单中的「扫码登录」，扫描二维码或粘贴登录链接。
      </View>
      <View className='qr-login__actions'>
        <Button variant='default' size='small' loading={state === 'loading'} testId='qr-refresh' onClick={load}>
          刷新二维码
        </Button>
        {qr && !stale ? (
          <Button variant='text' size='small' onClick={copyLink}>复制登录链接</Button>
        ) : null}
      </View>
    </View>
  )
}
