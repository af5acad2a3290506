import { GroupIdentity, TipOp, type GroupEditKey } from '../../../../types/group.js'
import type { AppContext } from '../../context.js'
import { updateGroupField } from '../../data/groups/groups.js'
import { uploadMime } from '../../data/uploads.js'
import { PROFILE_TIP, type GroupField } from '../../domain/groups/settings.js'
import { GROUP_AVATAR_NOT_OWN_IMAGE_TEXT, requireUploadedImage } from '../../domain/ownImages.js'
import { requireRole } from './access.js'
import { runGroupChange } from './run.js'
import { writeTip } from './tips.js'

/**
 * Sets one group field (admins and the owner). Profile changes (name, avatar, notice, mute-all)
 * write a tip into the history; every change tells the members (type 5) so open panels refresh.
 * Returns false when the value was already set (nothing written).
 */
export const setGroupField = (ctx: AppContext, me: string, groupNumber: string, key: GroupField, value: string | number): Promise<boolean> =>
  runGroupChange(ctx, async (q, fx) => {
    const access = await requireRole(q, groupNumber, me, GroupIdentity.Admin, true)
    // A new avatar is a picture the editor uploaded; the one already set may be resent as it is, and '' clears it.
    if (key === 'groupAvatar' && value !== '' && value !== access.group.group_avatar) {
      value = await requireUploadedImage(String(value), (id) => uploadMime(q, id, me), GROUP_AVATAR_NOT_OWN_IMAGE_TEXT)
    }
    if (!(await updateGroupField(q, access.group.group_id, key, value))) return false
    const tip = PROFILE_TIP[key as GroupEditKey]
    if (tip) await writeTip(q, fx, access, me, TipOp.Profile, { ids: [], nicks: [] }, { newGroupProfile: tip(value) })
    fx.changes.push({ groupId: access.group.group_id, groupNumber: access.group.group_number, extra: [] })
    return true
  })
