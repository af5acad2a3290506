import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import type { DeviceSession } from '@shared/auth'
import Button from '@/components/layout/Button'
import { useApp } from '@/root/AppContext'
import { formatMessageTime } from '@/utils/time'
import './settings.scss'

/** The security settings' device list: where the account is logged in, each one can be logged out. */
export default function DeviceList({ open }: { open: boolean }) {
  const { session, toast } = useApp()
  const [devices, setDevices] = useState<DeviceSession[] | null>(null)
  const [error, setError] = useState('')
  const [ending, setEnding] = useState<string | null>(null)

  const load = () =>
    session
      .listDevices()
      .then((list) => {
        setDevices(list)
        setError('')
      })
      .catch((err: Error) => setError(err.message || '读取登录设备失败'))

  useEffect(() => {
    if (!open) return
    setDevices(null)
    void load()
  }, [open])

  const logout = (d: DeviceSession) => {
    setEnding(d.id)
    session
      .logoutDevice(d.id)
      .then(() => {
        toast.success('已退出该设备')
        setDevices((list) => list?.filter((x) => x.id !== d.id) ?? null)
      })
      .catch((err: Error) => {
        toast.error(err.message || '操作失败')
        void load()
      })
      .finally(() => setEnding(null))
  }

  if (error) return <View className='form-error'>{error}</View>
  if (!devices) return <View className='device-list__empty'>读取中…</View>
  return (
    <View className='device-list' data-testid='device-list'>
      {devices.map((d) => (
        <View key={d.id} className='device-list__row' data-testid='device-row' data-current={d.current ? 'true' : 'false'}>
          <View className='device-list__info'>
            <View className='device-list__name'>
              <View className='device-list__label'>{d.device}</View>
              {d.current ? <View className='settings-status settings-status--on'>本机</View> : null}
              {d.push ? (
                <View className='settings-status' data-testid='device-push'>
                  通知已开启
                </View>
              ) : null}
            </View>
            <View className='device-list__meta'>
              最近使用 {formatMessageTime(Math.floor(d.lastSeen / 1000)) || '刚刚'}
              {d.address ? ` · IP ${d.address}` : ''}
            </View>
          </View>
          {d.current ? null : (
            <Button size='small' variant='default' loading={ending === d.id} disabled={ending !== null && ending !== d.id} testId='device-logout' onClick={() => logout(d)}>
              退出登录
            </Button>
          )}
        </View>
      ))}
    </View>
  )
}
