import { Input, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import Button from '@/components/layout/Button'
import Dialog from '@/components/layout/Dialog'
import TextField from '@/components/layout/TextField'
import { geolocation } from '@/platform/geolocation'
import { COORD_MAX, DETAIL_MAX, TITLE_MAX, validatePlace, type PlaceInput } from './placeInput'

interface Props {
  open: boolean
  onClose(): void
  onSend(place: PlaceInput): void
}

export default function LocationDialog({ open, onClose, onSend }: Props) {
  const [title, setTitle] = useState('')
  const [detail, setDetail] = useState('')
  const [lat, setLat] = useState('')
  const [lng, setLng] = useState('')
  const [error, setError] = useState('')
  const [locating, setLocating] = useState(false)

  useEffect(() => {
    if (!open) return
    setTitle('')
    setDetail('')
    setLat('')
    setLng('')
    setError('')
  }, [open])

  const locate = async () => {
    setLocating(true)
    setError('')
    try {
      const pos = await geolocation.current()
      setLat(pos.latitude.toFixed(6))
      setLng(pos.longitude.toFixed(6))
    } catch (err) {
      setError(err instanceof Error ? err.message : '无法获取当前位置')
    } finally {
      setLocating(false)
    }
  }

  const submit = () => {
    const result = validatePlace(title, detail, lat, lng)
    if ('error' in result) {
      setError(result.error)
      return
    }
    onSend(result.place)
  }

  return (
    <Dialog
      open={open}
      title='发送位置'
      onClose={onClose}
      testId='location-dialog'
      confirm={{ label: '发送', testId: 'location-send', onConfirm: submit }}
    >
      <TextField label='地点名称' value={title} onChange={setTitle} onConfirm={submit} maxLength={TITLE_MAX} placeholder='例如：人民广场' testId='location-title' />
      <TextField label='详细地址（选填）' value={detail} onChange={setDetail} onConfirm={submit} maxLength={DETAIL_MAX} placeholder='街道、门牌号等' testId='location-detail' />
      <View className='field'>
        <View className='field__label'>坐标（选填）</View>
        <View className='location-coords'>
          <Input className='input' type='text' value={lat} maxlength={COORD_MAX} placeholder='纬度' data-testid='location-lat' onInput={(e) => setLat(e.detail.value)} />
          <Input className='input' type='text' value={lng} maxlength={COORD_MAX} placeholder='经度' data-testid='location-lng' onInput={(e) => setLng(e.detail.value)} />
        </View>
        {geolocation.supported() ? (
          <View className='location-locate'>
            <Button size='small' variant='ghost' loading={locating} testId='location-current' onClick={() => void locate()}>
              使用当前位置
            </Button>
          </View>
        ) : null}
      </View>
      {error ? (
        <View className='location-error' data-testid='location-error'>
          {error}
        </View>
      ) : null}
    </Dialog>
  )
}
