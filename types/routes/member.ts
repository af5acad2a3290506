import { z } from 'zod'
import { DeleteAccountBody, MemberCentre, RedeemBody } from '../member'
import { route } from './route'

/** The membership centre (/member) and the end of an account (Settings 注销账号). */
export const memberRoutes = {
  centre: route({ method: 'GET', path: '/user/member/info', summary: 'Membership, its expiry, what members get and the history', answer: MemberCentre }),
  redeem: route({ method: 'POST', path: '/user/member/redeem', summary: 'Redeem a code (开通)', body: RedeemBody, answer: MemberCentre }),
  deleteAccount: route({ method: 'POST', path: '/user/account/delete', summary: 'Delete the own account (password confirmed); final', body: DeleteAccountBody, answer: z.null() }),
}
