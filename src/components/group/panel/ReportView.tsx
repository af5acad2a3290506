import { Image, Textarea, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { UploadKind } from '@shared/upload'
import Button from '@/components/layout/Button'
import { filePicker } from '@/platform/filePicker'
import { uploadFile } from '@/services/chat'
import { GroupToast } from '@/services/groups'
import { groupReportTypes, REPORT_IMAGES_MAX, REPORT_TEXT_MAX, reportGroup, type ReportType } from '@/services/groups/report'
import { toast } from '@/services/toast'
import slotAdd from '../icons/slot-add.svg'
import { charCount } from '../rules/validation'

const IMAGE_TYPES = ['image/png', 'image/jpeg']

/** Reporting a group: a type, a description and 1-5 pictures; submit waits until all are there. */
export default function ReportView({ groupNumber, onDone }: { groupNumber: string; onDone(): void }) {
  const [types, setTypes] = useState<ReportType[]>([])
  const [type, setType] = useState('')
  const [text, setText] = useState('')
  const [images, setImages] = useState<Array<{ local: string; url: string }>>([])
  const [uploading, setUploading] = useState(false)
  const [submitting, setSubmitting] = useState(false)

  useEffect(() => {
    void groupReportTypes().then(setTypes)
  }, [])

  const addImage = async () => {
    if (uploading || images.length >= REPORT_IMAGES_MAX) return
    const file = await filePicker.pickImage().catch(() => null)
    if (!file) return
    if (file.mime && !IMAGE_TYPES.includes(file.mime)) return void toast.error('仅支持png、jpeg格式的图片')
    setUploading(true)
    try {
      const result = await uploadFile(file, UploadKind.Image)
      setImages((list) => [...list, { local: file.localUrl, url: result.url }])
    } catch {
      // uploadFile has said why.
    } finally {
      setUploading(false)
    }
  }

  const tooLong = charCount(text) > REPORT_TEXT_MAX
  const ready = type !== '' && text.trim() !== '' && !tooLong && images.length > 0
  const submit = async () => {
    if (!ready || submitting) return
    setSubmitting(true)
    try {
      await reportGroup({ groupNumber, complaintType: type, complaintDetail: text.trim(), imageUrls: images.map((i) => i.url) })
      toast.success(GroupToast.reportOk)
      onDone()
    } catch {
      toast.error(GroupToast.reportFailed)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <View className='gpanel-body greport' data-testid='group-panel-report'>
      <View className='greport__label'>举报类型</View>
      <View className='greport__types'>
        {types.map((t) => (
          <View key={t.dictValue} className={`greport__type${t.dictValue === type ? ' greport__type--on' : ''}`} data-testid='group-report-type' onClick={() => setType(t.dictValue)}>
            {t.dictLabel}
          </View>
        ))}
      </View>
      <View className='greport__label'>举报描述</View>
      <Textarea className='greport__text' value={text} placeholder='请描述举报原因' placeholderClass='input-placeholder' maxlength={-1} data-testid='group-report-text' onInput={(e) => setText(e.detail.value)} />
      <View className={`gedit__count${tooLong ? ' gedit__count--over' : ''}`}>
        {charCount(text)}/{REPORT_TEXT_MAX}
      </View>
      {tooLong ? <View className='gedit__error'>举报描述不能超过{REPORT_TEXT_MAX}个字</View> : null}
      <View className='greport__label'>
        图片证据 ({images.length}/{REPORT_IMAGES_MAX})
      </View>
      <View className='greport__images'>
        {images.map((img) => (
          <Image key={img.url} className='greport__image' src={img.local} mode='aspectFill' />
        ))}
        {images.length < REPORT_IMAGES_MAX ? (
          <View className='greport__image greport__image--add' data-testid='group-report-image' onClick={() => void addImage()}>
            {uploading ? <View className='spinner' /> : <Image className='gmember__slot-icon' src={slotAdd} />}
          </View>
        ) : null}
      </View>
      <Button variant='primary' block disabled={!ready} loading={submitting} testId='group-report-submit' onClick={() => void submit()}>
        提交
      </Button>
    </View>
  )
}
