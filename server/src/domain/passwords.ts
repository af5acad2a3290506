/** The answer when the hashing pool is full: nothing the user did wrong, and trying again soon works. */
export const HASHING_BUSY_TEXT = '系统繁忙，请稍后再试'

export interface PasswordHasher {
  hash(pwd: string): Promise<string>
  verify(pwd: string, encoded: string): Promise<boolean>
}

/**
 * Password hashing with a bounded number of places (adapters/passwordHashing/, built by the
 * composition root). Each call holds a place while it derives; when every place is taken it is
 * refused at once (429, HASHING_BUSY_TEXT).
 */
export interface PasswordHashing extends PasswordHasher {
  /**
   * Runs `work` holding a place, or refuses at once. Take it before anything that must not happen
   * for a request that is then refused, such as counting a login attempt.
   */
  withHasher<T>(work: (hasher: PasswordHasher) => Promise<T>): Promise<T>
  /**
   * What an unknown account's password is compared against, so timing does not reveal which
   * accounts exist: the same parameters cost the same derivation, and it matches no password.
   */
  dummyHash(): string
  /** Stops the threads once the places held now are given back. */
  close(): Promise<void>
}
