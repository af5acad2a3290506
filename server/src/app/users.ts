import * as users from '../data/users.js'
import type { Queryable } from '../db/Db.js'
import type { UserRow } from '../domain/users.js'

/** The account of an ID, or null; for the routes that only show its name. */
export const findUserById = (q: Queryable, wtId: string): Promise<UserRow | null> => users.findUserById(q, wtId)
