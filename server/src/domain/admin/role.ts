/** The columns of a users row that decide the operator role. */
export interface RoleColumns {
  is_operator: boolean
  phone: string
  action_status: number
}

/**
 * The operator role: the is_operator flag, set by `npm run admin -- promote` or, for a phone in
 * ADMIN_PHONES, at the start-up that first listed it (adminPhones.ts). A phone alone never makes
 * an operator, so registering a listed phone later gives nothing. A closed account holds no role.
 */
export function holdsOperatorRole(r: RoleColumns): boolean {
  return r.action_status === 0 && r.is_operator
}
