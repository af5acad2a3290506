import { ComplaintText } from '@shared/complaint'
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
      title={`${ComplaintText.Action}「${target?.name ?? ''}」`}
      onClose={onClose}
      testId='report-dialog'
      confirm={{ label: '提交', disabled: !form.ready, testId: 'report-submit', onConfirm: () => form.submit().then((ok) => ok && onClose()) }}
    >
      <ReportFields form={form} />
    </Dialog>
  )
}
