import { View } from '@tarojs/components'
import Dialog from './Dialog'
import Button from './Button'
import { LEGAL_TEXTS, type LegalDocument } from './legalTexts'

interface LegalDialogProps {
  document: LegalDocument | null
  onClose: () => void
}

/** Shows the user agreement or the privacy policy from the footer links. */
export default function LegalDialog({ document, onClose }: LegalDialogProps) {
  const text = document ? LEGAL_TEXTS[document] : null
  return (
    <Dialog
      open={text !== null}
      title={text?.title ?? ''}
      onClose={onClose}
      wide
      closeOnMask
      testId='legal-dialog'
      closeTestId='legal-close'
      footer={<Button variant='primary' onClick={onClose}>我知道了</Button>}
    >
      {text ? (
        <View className='legal'>
          <View className='legal__intro'>{text.intro}</View>
          {text.sections.map((s) => (
            <View key={s.heading} className='legal__section'>
              <View className='legal__heading'>{s.heading}</View>
              {s.paragraphs.map((p) => <View key={p} className='legal__paragraph'>{p}</View>)}
            </View>
          ))}
        </View>
      ) : null}
    </Dialog>
  )
}
