import type { Favorite } from '@shared/favorites'

/** A favorite of text kind from 李四 with every media field empty; `over` sets what a case needs. */
export function favorite(id: number, over: Partial<Favorite> = {}): Favorite {
  return {
    id,
    contentType: 1,
    collectTitle: `第${id}条`,
    collectedUserId: '10000002',
    collectedUserName: '李四',
    createTime: 1_800_000_000 + id,
    topStatus: 0,
    imageUuid: '',
    imageUrl: '',
    videoUuid: '',
    videoUrl: '',
    videoImage: '',
    videoImageAddress: '',
    fileUuid: '',
    fileUrl: '',
    fileName: '',
    fileSize: 0,
    fileType: '',
    addressTitle: '',
    lat: null,
    lng: null,
    noteContent: '',
    ...over,
  }
}
