import { Suspense, useEffect } from 'react'
import { usePageVisible } from '@/components/common/usePageVisible'
import { CallStatus } from '@/engines/call/state'
import { useApp, useAppStore } from '@/root/AppContext'
import CallLimitDialog from './CallLimitDialog'
import { CallScreen } from '@/root/deferredScreens'
import PermissionTip from './PermissionTip'
import './call.scss'

/** The widget inside the logged-in frame: starts it for the user, shows the call screen and the limit dialog. */
export default function CallHost() {
  const { initCalls } = useApp().calls
  const visible = usePageVisible()
  const userId = useAppStore((s) => s.user?.wtId ?? '')
  const call = useAppStore((s) => s.call)
  useEffect(() => {
    if (userId) initCalls().catch((err: unknown) => console.warn('calls unavailable', err))
  }, [userId])
  if (!visible) return null
  return (
    <>
      {call.callStatus !== CallStatus.Idle ? (
        <Suspense fallback={null}>
          <CallScreen s={call} />
        </Suspense>
      ) : null}
      <CallLimitDialog />
      <PermissionTip s={call} />
    </>
  )
}
