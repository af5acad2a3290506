/** A device-local address (a browser blob, a mini-program temp file): the upload has not finished. */
export const LOCAL_FILE = /^(blob:|wxfile:|http:\/\/tmp\/|file:)/

const UPLOAD_ID = /^[\w-]{16,64}$/
const UPLOAD_URL = /\/api\/oss\/file\/([\w-]{16,64})(?:[?#].*)?$/

/** The upload id a message names its file by: the id itself or its /api/oss/file/<id> address. */
export function uploadIdOf(ref: string): string | null {
  if (UPLOAD_ID.test(ref)) return ref
  return UPLOAD_URL.exec(ref)?.[1] ?? null
}

export const uploadUrl = (id: string) => (id ? `/api/oss/file/${id}` : '')
