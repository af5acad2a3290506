import { View } from '@tarojs/components'
import { useMemo } from 'react'
import { ComplaintTarget } from '@shared/complaint'
import Button from '@/components/layout/Button'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import ReportFields, { useReportForm } from '@/components/report/ReportFields'

/** The panel's report view (spec 2 "Group screens"): the shared report form, reporting this group. */
export default function ReportView({ groupNumber, groupName, onDone }: { groupNumber: string; groupName: string; onDone(): void }) {
  const target = useMemo(() => ({ id: groupNumber, type: ComplaintTarget.Group, name: groupName }), [groupNumber, groupName])
  const form = useReportForm(target)
  const sending = useAsyncAction()
  const submit = () => sending.run(async () => {
    if (await form.submit()) onDone()
  })
  return (
    <View className='gpanel-body greport' data-testid='group-panel-report'>
      <ReportFields form={form} />
      <Button variant='primary' block className='greport__submit' disabled={!form.ready} loading={sending.busy} testId='report-submit' onClick={() => void submit()}>
        提交
      </Button>
    </View>
  )
}
