import type { LoginResult } from '../../../types/auth.js'
import { freshPhone, type TestServer } from './server.js'

/** A registered (and so logged-in) user: the login answer plus what it registered with. */
export interface TestUser extends LoginResult {
  phone: string
  pwd: string
  nick: string
}

/** Registers a fresh user through the endpoint; throws when the server refuses. */
export async function registerUser(s: Pick<TestServer, 'api'>, nick = '用户', pwd = 'secret123'): Promise<TestUser> {
  const phone = freshPhone()
  const { data, code, msg } = await s.api<LoginResult>('/api/user/login/register', { phone, pwd, nickName: nick })
  if (code !== 200) throw new Error(`register failed: ${msg}`)
  return { ...data, phone, pwd, nick }
}
