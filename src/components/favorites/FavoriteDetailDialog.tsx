import Dialog from '@/components/layout/Dialog'
import FavoriteContent, { type FavoriteBody } from './FavoriteContent'

/** The note-detail dialog of spec 2: one favorite in full, the video playing, the image at full width. */
export default function FavoriteDetailDialog({ favorite, onClose }: { favorite: FavoriteBody | null; onClose(): void }) {
  return (
    <Dialog open={favorite !== null} title='收藏详情' onClose={onClose} closeOnMask testId='fav-detail' closeTestId='fav-detail-close'>
      {favorite ? <FavoriteContent f={favorite} full /> : null}
    </Dialog>
  )
}
