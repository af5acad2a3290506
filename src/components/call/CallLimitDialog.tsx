import { View } from '@tarojs/components'
import { CALL_LIMIT_DIALOG } from '@shared/call'
import Button from '@/components/layout/Button'
import Dialog from '@/components/layout/Dialog'
import { openPath } from '@/router/navigation'
import { useApp, useAppStore } from '@/root/AppContext'

/** The daily call-limit dialog (messaging-app section 8 "Call limit"). */
export default function CallLimitDialog() {
  const { store } = useApp()
  const open = useAppStore((s) => s.callLimitDialog)
  const close = () => store.getState().setCallLimitDialog(false)
  return (
    <Dialog
      open={open}
      title={CALL_LIMIT_DIALOG.title}
      onClose={close}
      testId='call-limit-dialog'
      footer={
        <>
          <Button testId='call-limit-dismiss' onClick={close}>
            {CALL_LIMIT_DIALOG.cancel}
          </Button>
          <Button
            variant='primary'
            testId='call-limit-open'
            onClick={() => {
              close()
              void openPath(CALL_LIMIT_DIALOG.memberPath)
            }}
          >
            {CALL_LIMIT_DIALOG.confirm}
          </Button>
        </>
      }
    >
      <View data-testid='call-limit-text'>{CALL_LIMIT_DIALOG.text}</View>
    </Dialog>
  )
}
