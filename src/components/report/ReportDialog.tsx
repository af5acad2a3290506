import Button from '@/components/layout/Button'
import Dialog from '@/components/layout/Dialog'
import ReportFields, { useReportForm, type ReportTarget } from './ReportFields'

export type { ReportTarget } from './ReportFields'

interface ReportDialogProps {
  /** Whom to report; null keeps the form closed. */
  target: ReportTarget | null
  onClose(): void
}

/** The report form in a dialog, for users and groups reported from a profile card. */
export default function ReportDialog({ target, onClose }: ReportDialogProps) {
  const form = useReportForm(target)
  return (
    <Dialog
      open={target !== null}
      wide
      title={`投诉「${target?.name ?? ''}」`}
      onClose={onClose}
      testId='report-dialog'
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant='primary' disabled={!form.ready} loading={form.busy} testId='report-submit' onClick={() => void form.submit().then((ok) => ok && onClose())}>
            提交
          </Button>
        </>
      }
    >
      <ReportFields form={form} />
    </Dialog>
  )
}
