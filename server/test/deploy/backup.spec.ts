import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import type { LoginResult } from '../../../types/auth.js'
import { backup } from '../../../scripts/backup.mjs'
import { restore } from '../../../scripts/restore.mjs'
import { freePort } from '../../../scripts/server-process.mjs'
import { memoryBus } from '../../src/adapters/bus/memory.js'
import { openDb } from '../../src/db/index.js'
import { chatClient } from '../support/chat.js'
import { befriend } from '../support/contacts.js'
import { startServer, type Storage, type TestServer } from '../support/server.js'
import { registerUser, type TestUser } from '../support/users.js'

const DATABASE = process.env.TEST_DATABASE_URL
// CI gives the run a PostgreSQL database (.ci/run), so there the restore is checked, never skipped.
if (!DATABASE && process.env.CI) throw new Error('The PostgreSQL restore test needs TEST_DATABASE_URL')
const dirs: string[] = []
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'weitalk-backup-'))
  dirs.push(d)
  return d
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

async function storageAt(where: { dataDir: string; databaseUrl: string | null }): Promise<Storage> {
  const db = await openDb({ dataDir: where.dataDir, databaseUrl: where.databaseUrl })
  const bus = memoryBus()
  return { db, bus, close: async () => (await bus.close(), await db.close()) }
}

interface Written {
  users: TestUser[]
  texts: string[]
  files: Array<{ url: string; bytes: Buffer }>
}

/** Two users, a conversation of several messages and two uploaded files. */
async function writeSomething(s: TestServer): Promise<Written> {
  const a = await registerUser(s, '甲')
  const b = await registerUser(s, '乙')
  await befriend(s, a, b)
  const ca = chatClient(s, a.token)
  const texts = Array.from({ length: 5 }, (_, i) => `备份消息 ${i + 1}`)
  for (const t of texts) expect((await ca.sendText(`C2C${b.wtId}`, t)).type).toBe('ack')
  ca.close()
  const files = []
  for (const size of [10, 70_000]) {
    const bytes = randomBytes(size)
    const form = new FormData()
    form.append('file', new Blob([bytes]), `file-${size}.zip`)
    const res = await fetch(`${s.url}/api/oss/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${a.token}` } })
    const { code, data } = (await res.json()) as { code: number; data: { url: string } }
    expect(code).toBe(200)
    files.push({ url: data.url, bytes })
  }
  return { users: [a, b], texts, files }
}

/** Logs in again on the restored server and finds every message and every file. */
async function findEverything(s: TestServer, w: Written) {
  const [a, b] = w.users as [TestUser, TestUser]
  const login = await s.api<LoginResult>('/api/user/login/pwd', { phone: b.phone, pwd: b.pwd })
  expect(login.code, login.msg).toBe(200)
  const history = await s.api<{ messages: Array<{ payload: { text?: string } }> }>('/api/im/messages/history', { conversationID: `C2C${a.wtId}`, count: 50 }, { token: login.data.token })
  expect(history.data.messages.map((m) => m.payload.text).filter(Boolean)).toEqual(w.texts)
  for (const f of w.files) {
    const res = await fetch(`${s.url}${f.url}`, { headers: { authorization: `Bearer ${login.data.token}` } })
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(f.bytes)).toBe(true)
  }
}

describe('backup and restore', () => {
  it('restores a PGlite data directory and its uploads into a fresh data directory', async () => {
    // Nothing listens here, so the scripts see the server stopped.
    const env = { PORT: String(await freePort()), HOST: '127.0.0.1' }
    const dataDir = tmp()
    const storage = await storageAt({ dataDir, databaseUrl: null })
    const s = await startServer(storage, { dataDir, uploadDir: path.join(dataDir, 'uploads') })
    const written = await writeSomething(s)
    await s.close()
    await storage.close()

    const out = tmp()
    const made = await backup({ out, env: { ...env, DATA_DIR: dataDir } })
    expect(JSON.parse(fs.readFileSync(path.join(made, 'manifest.json'), 'utf8'))).toMatchObject({ database: 'pglite', uploads: 2, uploadFiles: 2 })

    const fresh = tmp()
    expect(await restore(made, { env: { ...env, DATA_DIR: fresh } })).toMatchObject({ uploads: 2, files: 2 })
    await expect(restore(made, { env: { ...env, DATA_DIR: fresh } })).rejects.toThrow(/already holds a database/)

    const restored = await storageAt({ dataDir: fresh, databaseUrl: null })
    const s2 = await startServer(restored, { dataDir: fresh, uploadDir: path.join(fresh, 'uploads') })
    try {
      await findEverything(s2, written)
    } finally {
      await s2.close()
      await restored.close()
    }
  })

  it.skipIf(!DATABASE)('restores a PostgreSQL dump and the uploads into a new database and upload directory', async () => {
    const names = [`weitalk_bk_${randomBytes(4).toString('hex')}`, `weitalk_rs_${randomBytes(4).toString('hex')}`]
    const admin = new pg.Client({ connectionString: DATABASE })
    await admin.connect()
    for (const n of names) await admin.query(`CREATE DATABASE ${n}`)
    const urlOf = (n: string) => Object.assign(new URL(DATABASE!), { pathname: `/${n}` }).toString()
    try {
      const uploads = tmp()
      const storage = await storageAt({ dataDir: '', databaseUrl: urlOf(names[0]!) })
      const s = await startServer(storage, { uploadDir: uploads })
      const written = await writeSomething(s)
      const out = tmp()
      // Taken while the server runs, as the nightly timer does.
      const made = await backup({ out, env: { DATABASE_URL: urlOf(names[0]!), UPLOAD_DIR: uploads } })
      await s.close()
      await storage.close()

      const freshUploads = path.join(tmp(), 'uploads')
      expect(await restore(made, { env: { DATABASE_URL: urlOf(names[1]!), UPLOAD_DIR: freshUploads } })).toMatchObject({ uploads: 2, files: 2 })
      const restored = await storageAt({ dataDir: '', databaseUrl: urlOf(names[1]!) })
      const s2 = await startServer(restored, { uploadDir: freshUploads })
      try {
        await findEverything(s2, written)
      } finally {
        await s2.close()
        await restored.close()
      }
    } finally {
      for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`)
      await admin.end()
    }
  })
})
