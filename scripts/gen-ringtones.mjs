/**
 * Writes the call ringtones as small WAV files (8 kHz, 8-bit mono), synthesised here so no
 * recording is copied: the caller's dialing tone (425 Hz, 1 s on, 4 s off, as telephone ring-back)
 * and the callee's ringing tone (a two-note chime, twice a second for 1.2 s, then a pause).
 * Usage: node scripts/gen-ringtones.mjs
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const RATE = 8000
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'assets', 'call')

function wav(samples) {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + samples.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(RATE, 24)
  header.writeUInt32LE(RATE, 28)
  header.writeUInt16LE(1, 32)
  header.writeUInt16LE(8, 34)
  header.write('data', 36)
  header.writeUInt32LE(samples.length, 40)
  return Buffer.concat([header, Buffer.from(samples)])
}

/** Sine partials with a short fade in and out so the loop does not click. */
function tone(seconds, freqs, volume = 0.35) {
  const n = Math.round(seconds * RATE)
  const fade = Math.round(0.01 * RATE)
  return Array.from({ length: n }, (_, i) => {
    const env = Math.min(1, i / fade, (n - i) / fade)
    const v = freqs.reduce((sum, f) => sum + Math.sin((2 * Math.PI * f * i) / RATE), 0) / freqs.length
    return Math.round(128 + 127 * volume * env * v)
  })
}
const silence = (seconds) => new Array(Math.round(seconds * RATE)).fill(128)

const dialing = [...tone(1, [425]), ...silence(4)]
const ringing = [...tone(0.3, [880, 1320]), ...silence(0.1), ...tone(0.3, [660, 990]), ...silence(0.5), ...tone(0.3, [880, 1320]), ...silence(0.1), ...tone(0.3, [660, 990]), ...silence(1.5)]

writeFileSync(path.join(out, 'dialing.wav'), wav(dialing))
writeFileSync(path.join(out, 'ringing.wav'), wav(ringing))
console.log('wrote dialing.wav and ringing.wav in', out)
