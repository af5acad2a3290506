import type { LoginByIdBody, LoginByPhoneBody, RegisterBody } from '@shared/auth'

/** The schemas the login forms check before sending, so their messages are the server's. */
export interface AuthSchemas {
  LoginByPhoneBody: typeof LoginByPhoneBody
  LoginByIdBody: typeof LoginByIdBody
  RegisterBody: typeof RegisterBody
}

/**
 * The H5 build fetches them (with zod) when the user first types into a login form, so opening
 * the login page loads no schema library; the mini-program bundles them.
 */
export declare function loadAuthSchemas(): Promise<AuthSchemas>
