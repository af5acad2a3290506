import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { Readable } from 'node:stream'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export interface WrittenFile {
  size: number
  sha256: string
  /** The first 16 bytes, for sniffing the real type. */
  head: Buffer
}

/** Streams an uploaded part to `target`, hashing it and keeping its first bytes on the way. */
export async function writeUpload(source: Readable, target: string): Promise<WrittenFile> {
  const hash = createHash('sha256')
  let head = Buffer.alloc(0)
  let size = 0
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)])
      size += chunk.length
      hash.update(chunk)
      done(null, chunk)
    },
  })
  await pipeline(source, tap, fs.createWriteStream(target))
  return { size, sha256: hash.digest('hex'), head }
}
