import { useEffect } from 'react'
import { rove } from '@/platform/focus'
import type { RoveOrientation, RoveStart } from '@/platform/roveStep'

/**
 * Arrow keys move between the `data-rove` items inside the element with this DOM id, and the
 * list takes one Tab stop (roving tabindex): lists, menus, the emoji grid.
 */
export function useRove(id: string, orientation: RoveOrientation = 'vertical', enabled = true, start: RoveStart = 'first'): void {
  useEffect(() => (enabled ? rove(id, orientation, start) : undefined), [id, orientation, enabled, start])
}
