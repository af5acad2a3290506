import { useEffect } from 'react'
import { shareCard, type ShareCard } from '@/platform/shareCard'
import { pageUrl } from '@/router/navigation'

/** What a page's 转发 sends while no group or profile is open: the app itself. */
export const APP_SHARE_CARD: ShareCard = { title: '微谈', path: pageUrl('messages') }

/** The cards offered by what is open, the latest on top. */
const offered: ShareCard[] = []

/** The card a 转发 sends now: the latest group or profile still open, else the app's. */
export function currentShareCard(): ShareCard {
  return offered[offered.length - 1] ?? APP_SHARE_CARD
}

/** In a page component: its 转发 sends what is open on it (the page config enables sharing). */
export function usePageShareCard(): void {
  shareCard.usePageShare(currentShareCard)
}

/**
 * While the calling screen is open, its `card` is what 转发 sends. `picture` (an address of our
 * server) becomes the card's picture once a local copy is in; until then WeChat draws the page.
 */
export function useOfferShareCard(card: ShareCard | null, picture: string): void {
  const title = card?.title
  const path = card?.path
  useEffect(() => {
    if (!shareCard.available || title === undefined || path === undefined) return
    const entry: ShareCard = { title, path }
    offered.push(entry)
    let live = true
    if (picture) {
      shareCard
        .localImage(picture)
        .then((imageUrl) => {
          if (live) entry.imageUrl = imageUrl
        })
        .catch((err: unknown) => console.warn('fetching the share picture failed', err))
    }
    return () => {
      live = false
      offered.splice(offered.indexOf(entry), 1)
    }
  }, [title, path, picture])
}
