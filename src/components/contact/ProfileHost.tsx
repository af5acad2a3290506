import { usePageVisible } from '@/components/common/usePageVisible'
import { useAppStore } from '@/root/AppContext'
import Dialog from '@/components/layout/Dialog'
import { Suspense } from 'react'
import { ProfileCard } from '@/root/deferredScreens'
import './contact.scss'

/**
 * The profile popup (spec 2: user, contact and blacklisted-user popups): whichever screen asks
 * (a name card, a chat avatar, a search result) sets the store's profileTarget, and the shell
 * shows it here.
 */
export default function ProfileHost() {
  const visible = usePageVisible()
  const target = useAppStore((s) => s.profileTarget)
  const close = useAppStore((s) => s.closeProfile)
  return (
    <Dialog open={visible && target !== null} title='详细资料' onClose={close} closeOnMask testId='profile-popup' closeTestId='profile-popup-close'>
      {target ? (
        <Suspense fallback={null}>
          {/* After 删除好友 the popup goes with the chat it was opened over (as the contacts page's pane does). */}
          <ProfileCard key={target.wtId} wtId={target.wtId} applySource={target.applySource} groupID={target.groupID} groupName={target.groupName} onRemoved={close} />
        </Suspense>
      ) : null}
    </Dialog>
  )
}
