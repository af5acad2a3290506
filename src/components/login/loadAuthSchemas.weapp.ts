import { LoginByIdBody, LoginByPhoneBody, RegisterBody } from '@shared/auth'
import type { AuthSchemas } from './loadAuthSchemas'

export function loadAuthSchemas(): Promise<AuthSchemas> {
  return Promise.resolve({ LoginByPhoneBody, LoginByIdBody, RegisterBody })
}
