import { HttpFailure } from './httpFailure'
import type { UploadPort } from './upload'

function parseBody(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

// XMLHttpRequest rather than fetch: fetch reports no upload progress.
export const upload: UploadPort = {
  upload(req) {
    return new Promise((resolve, reject) => {
      const { blob } = req.file
      if (!blob) return reject(new HttpFailure('network', 'no file content'))
      const form = new FormData()
      for (const [k, v] of Object.entries(req.fields)) form.append(k, v)
      form.append(req.fieldName, blob, req.file.name)
      const xhr = new XMLHttpRequest()
      xhr.open('POST', req.url)
      xhr.timeout = req.timeout
      // The browser sets the multipart boundary itself, so no Content-Type header is passed on.
      for (const [k, v] of Object.entries(req.header)) if (k.toLowerCase() !== 'content-type') xhr.setRequestHeader(k, v)
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) req.onProgress?.(Math.min(1, e.loaded / e.total))
      }
      xhr.onload = () => resolve({ statusCode: xhr.status, data: parseBody(xhr.responseText) })
      xhr.onerror = () => reject(new HttpFailure('network', 'upload failed'))
      xhr.ontimeout = () => reject(new HttpFailure('timeout', `timeout of ${req.timeout}ms exceeded`))
      xhr.onabort = () => reject(new HttpFailure('network', 'upload aborted'))
      xhr.send(form)
    })
  },
}
