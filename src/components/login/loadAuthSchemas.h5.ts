import type { AuthSchemas } from './loadAuthSchemas'

export function loadAuthSchemas(): Promise<AuthSchemas> {
  return import(/* webpackChunkName: "auth-schemas" */ '@shared/auth').then(({ LoginByPhoneBody, LoginByIdBody, RegisterBody }) => ({ LoginByPhoneBody, LoginByIdBody, RegisterBody }))
}
