import { Image, Textarea, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { ComplaintTarget, ComplaintText, DictType, type DictEntry } from '@shared/complaint'
import checkIcon from '@/components/group/icons/check.svg'
import removeIcon from '@/components/group/icons/remove.svg'
import { canSubmitReport, detailError, imageRoom, reportMissing, REPORT_DETAIL_MAX } from './reportRules'
import { useReportImages } from './useReportImages'
import './report.scss'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

export interface ReportTarget {
  /** A user ID (type 0) or a group ID or number (type 1). */
  id: string
  type: ComplaintTarget
  name: string
}

/** Typing may run a little past the limit so the message can say why submitting is off. */
const DETAIL_INPUT_MAX = REPORT_DETAIL_MAX + 20

/**
 * The state of a report (spec 5 "Report"): a type from the dictionary, a description (required,
 * at most 500), 1 to 5 png or jpeg pictures uploaded with progress, and for users the option to
 * also block them. `ready` stays false until all of that is filled. The dialog of profiles and
 * the report view of the group panel both use it, each with its own frame and buttons.
 */
export function useReportForm(target: ReportTarget | null) {
  const app = useApp()
  const { dictList } = app.contacts.api
  const { submitReport } = app.contacts
  const [types, setTypes] = useState<DictEntry[] | null>(null)
  const [complaintType, setComplaintType] = useState('')
  const [detail, setDetail] = useState('')
  const [alsoBlock, setAlsoBlock] = useState(false)
  const pictures = useReportImages()
  const targetType = target?.type

  useEffect(() => {
    if (targetType === undefined) return
    setComplaintType('')
    setDetail('')
    setAlsoBlock(false)
    pictures.reset()
    setTypes(null)
    let current = true
    dictList(targetType === ComplaintTarget.User ? DictType.UserComplaint : DictType.GroupComplaint)
      .then((list) => {
        if (current) setTypes([...list].sort((a, b) => a.dictSort - b.dictSort))
      })
      .catch(() => {
        if (current) setTypes([])
      })
    return () => {
      current = false
    }
  }, [targetType, target?.id, pictures.reset])

  const ready = canSubmitReport({ complaintType, detail, images: pictures.images })

  /**
   * Sends the report; true when the server took it (the toasts say either way). The frame that
   * places the submit button shows it running and ignores presses meanwhile.
   */
  const submit = async (): Promise<boolean> => {
    if (!target || !ready) return false
    return submitReport({
      target: { id: target.id, type: target.type },
      complaintType,
      complaintDetail: detail,
      imageUrls: pictures.images.map((i) => i.url),
      alsoBlock: alsoBlock && target.type === ComplaintTarget.User,
    })
  }

  return { target, types, complaintType, setComplaintType, detail, setDetail, alsoBlock, setAlsoBlock, pictures, ready, submit }
}

export type ReportForm = ReturnType<typeof useReportForm>

/** The fields of a report; the caller frames them and places the submit button. */
export default function ReportFields({ form }: { form: ReportForm }) {
  const { target, types, complaintType, setComplaintType, detail, setDetail, alsoBlock, setAlsoBlock, pictures } = form
  const problem = detailError(detail)
  const missing = reportMissing({ complaintType, detail, images: pictures.images })
  return (
  <View className='report'>
    <View className='field__label'>{ComplaintText.TypeLabel}</View>
    <View className='report__types' role='radiogroup' aria-label={ComplaintText.TypeLabel}>
      {types === null ? (
        <View className='report__hint'>
          <View className='spinner' /> 正在加载…
        </View>
      ) : types.length === 0 ? (
        <View className='report__hint'>{ComplaintText.NoTypes}</View>
      ) : (
        types.map((t) => (
          <View {...pressable()}
            key={t.dictValue}
            className={`report__type${complaintType === t.dictValue ? ' report__type--on' : ''}`}
            role='radio'
            aria-checked={complaintType === t.dictValue ? 'true' : 'false'}
            data-testid='report-type'
            data-value={t.dictValue}
            onClick={() => setComplaintType(t.dictValue)}
          >
            {t.dictLabel}
          </View>
        ))
      )}
    </View>
    <View className='field__label'>
      {ComplaintText.DetailLabel}
      <View className={`report__count${problem ? ' report__count--over' : ''}`}>
        {Array.from(detail).length}/{REPORT_DETAIL_MAX}
      </View>
    </View>
    <View className={`field report__detail${problem ? ' report__detail--invalid' : ''}`}>
      <Textarea
        className='report__textarea'
        value={detail}
        placeholder={ComplaintText.DetailPlaceholder}
        placeholderClass='input-placeholder'
        maxlength={DETAIL_INPUT_MAX}
        data-testid='report-detail'
        onInput={(e) => setDetail(e.detail.value)}
      />
    </View>
    {problem ? (
      <View className='form-error' data-testid='report-detail-error'>
        {problem}
      </View>
    ) : null}
    <View className='field__label'>
      图片证据
      <View className='report__count'>{pictures.images.length}/5</View>
    </View>
    <View className='report__images'>
      {pictures.images.map((image) => (
        <View
          key={image.key}
          className={`report__image${image.failed ? ' report__image--failed' : ''}`}
          data-testid='report-image'
          data-uploaded={image.url ? 'true' : 'false'}
        >
          <Image nativeProps={{ alt: '' }} className='report__thumb' src={image.preview} mode='aspectFill' />
          {!image.url && !image.failed ? (
            <View className='report__progress' data-testid='report-image-progress'>
              {Math.round(image.progress * 100)}%
            </View>
          ) : null}
          {image.failed ? <View className='report__progress'>上传失败</View> : null}
          <View {...pressable()} className='report__remove' aria-label='移除' data-testid='report-image-remove' onClick={() => pictures.remove(image.key)}>
            <Image nativeProps={{ alt: '' }} className='report__remove-icon' src={removeIcon} />
          </View>
        </View>
      ))}
      {imageRoom(pictures.images) > 0 ? (
        <View {...pressable()} className='report__add' data-testid='report-add-image' aria-label='添加图片' onClick={() => void pictures.add()}>
          +
        </View>
      ) : null}
    </View>
    <View className='report__hint'>必填，支持 png、jpeg 格式，1-5 张</View>
    {target?.type === ComplaintTarget.User ? (
      <View {...pressable()}
        className={`report__block${alsoBlock ? ' report__block--on' : ''}`}
        role='checkbox'
        aria-checked={alsoBlock ? 'true' : 'false'}
        data-testid='report-also-block'
        onClick={() => setAlsoBlock(!alsoBlock)}
      >
        <View className='report__box'>{alsoBlock ? <Image nativeProps={{ alt: '' }} className='report__tick' src={checkIcon} /> : null}</View>
        <View>同时将对方加入黑名单</View>
      </View>
    ) : null}
    {missing ? (
      <View className='report__missing' role='status' data-testid='report-missing'>
        {missing}
      </View>
    ) : null}
  </View>
  )
}
