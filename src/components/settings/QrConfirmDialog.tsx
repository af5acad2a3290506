import { Image, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import cameraIcon from '@/assets/icons/camera.svg'
import Dialog from '@/components/layout/Dialog'
import Button from '@/components/layout/Button'
import TextField from '@/components/layout/TextField'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { extractQrCode } from '@/services/session'
import { qrScanner } from '@/platform/qrScanner'
import './settings.scss'
import { useApp } from '@/root/AppContext'

interface QrConfirmDialogProps {
  /** null: closed; '': opened from the menu; a code: opened from a QR login link. */
  code: string | null
  onClose: () => void
}

/**
 * Confirms a QR login on behalf of a waiting browser: the code comes from a link, the clipboard
 * or the camera; it is marked scanned as soon as it is known, so the browser can say so.
 */
export default function QrConfirmDialog({ code, onClose }: QrConfirmDialogProps) {
  const app = useApp()
  const { confirmQrLogin, scanQrLogin } = app.session
  const { toast } = app
  const open = code !== null
  const [text, setText] = useState('')
  const [cameraBusy, setCameraBusy] = useState(false)
  const scanned = useRef<string | null>(null)
  const { busy, error, setError, run } = useAsyncAction()

  const markScanned = async (qrCode: string) => {
    if (scanned.current === qrCode) return
    await scanQrLogin(qrCode)
    scanned.current = qrCode
  }

  useEffect(() => {
    if (!open) return
    setText(code ?? '')
    setError('')
    scanned.current = null
    if (code) markScanned(code).catch(() => undefined)
  }, [open, code])

  const scanWithCamera = async () => {
    if (cameraBusy) return
    setCameraBusy(true)
    try {
      const result = await qrScanner.scan()
      if (result === null) {
        toast.waring('未能使用摄像头扫码，请粘贴登录链接')
        return
      }
      const found = extractQrCode(result)
      if (!found) {
        setError('这不是微谈的登录二维码')
        return
      }
      setText(found)
      setError('')
      markScanned(found).catch(() => undefined)
    } finally {
      setCameraBusy(false)
    }
  }

  const submit = () => {
    const qrCode = extractQrCode(text)
    if (!qrCode) {
      setError(text.trim() ? '无法识别登录码，请粘贴完整的登录链接' : '请粘贴登录码或登录链接')
      return
    }
    run(async () => {
      await markScanned(qrCode)
      await confirmQrLogin(qrCode)
      toast.success('已确认登录，网页端即将进入')
      onClose()
    }, '确认失败，请在网页上刷新二维码后重试')
  }

  return (
    <Dialog
      open={open}
      title='扫码登录'
      onClose={onClose}
      testId='qr-confirm-dialog'
      footer={
        <View className='settings-section__actions'>
          <Button variant='default' testId='qr-confirm-cancel' onClick={onClose}>取消</Button>
          <Button variant='primary' loading={busy} testId='qr-confirm-submit' onClick={submit}>确认登录</Button>
        </View>
      }
    >
      <View className='qr-confirm__lead'>
        在需要登录的电脑或浏览器上打开微谈登录页，选择「扫码登录」，然后扫描二维码或粘贴二维码下方的登录链接。
      </View>
      <View className='qr-confirm__row'>
        <TextField
          value={text}
          onChange={(v) => {
            setText(v)
            setError('')
          }}
          onConfirm={submit}
          placeholder='粘贴登录码或登录链接'
          maxLength={512}
          invalid={error !== ''}
          testId='qr-confirm-input'
        />
        <Button
          variant='default'
          className='qr-confirm__camera'
          loading={cameraBusy}
          disabled={!qrScanner.supported()}
          testId='qr-confirm-camera'
          onClick={scanWithCamera}
        >
          <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={cameraIcon} />
          扫码
        </Button>
      </View>
      {error ? <View className='form-error qr-confirm__error' data-testid='qr-confirm-error'>{error}</View> : null}
      <View className='qr-confirm__note'>确认后，对方浏览器将以你的身份登录。请只确认你自己发起的登录。</View>
    </Dialog>
  )
}
