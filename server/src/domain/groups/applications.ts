/**
 * The join level: the applicant's membership (VIP) level, users.vip_level (0 for non-members,
 * 1-10 for members). A group with limitLevel n admits active joins only from level n up;
 * invites by members and admins are not limited.
 */
export function joinLevel(vip: { vip_level: number; vip_type: number } | undefined): number {
  return vip && vip.vip_type !== 0 ? vip.vip_level : 0
}
