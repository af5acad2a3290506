import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { closeAll, registerUsers, signIn, type Session } from '../messaging/support'
import { connectVideoCall, press, trackPeerConnections } from './support'

/**
 * TURN with coturn's REST credentials (use-auth-secret): the e2e server runs with TURN_URLS and
 * TURN_SECRET when the run has a coturn (.ci/run starts one with scripts/coturn.sh), and every
 * page here is forced to relay (iceTransportPolicy 'relay'), so the call connects only if coturn
 * accepts the credentials the server handed out. Skipped when the server offers no TURN.
 */

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

/** Every peer connection of the page gathers relay candidates only. */
async function relayOnly(context: BrowserContext): Promise<void> {
  await trackPeerConnections(context)
  await context.addInitScript(() => {
    const Native = RTCPeerConnection
    window.RTCPeerConnection = new Proxy(Native, {
      construct(target, args, newTarget) {
        const [config] = args as [RTCConfiguration | undefined]
        return Reflect.construct(target, [{ ...config, iceTransportPolicy: 'relay' }], newTarget) as RTCPeerConnection
      },
    })
  })
}

/** The candidate types of each open link's selected pair, local and remote. */
function selectedPairs(page: Page): Promise<Array<{ local: string; remote: string }>> {
  return page.evaluate(async () => {
    const all = (window as unknown as { __peerConnections?: RTCPeerConnection[] }).__peerConnections ?? []
    const out: Array<{ local: string; remote: string }> = []
    for (const pc of all.filter((p) => p.connectionState === 'connected')) {
      const stats = await pc.getStats()
      const byId = new Map<string, { candidateType?: string }>()
      stats.forEach((s: { id: string; candidateType?: string }) => byId.set(s.id, s))
      stats.forEach((s: { type: string; nominated?: boolean; state?: string; localCandidateId?: string; remoteCandidateId?: string }) => {
        if (s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded') {
          out.push({ local: byId.get(s.localCandidateId ?? '')?.candidateType ?? '', remote: byId.get(s.remoteCandidateId ?? '')?.candidateType ?? '' })
        }
      })
    }
    return out
  })
}

test("a one-to-one video call through coturn only (iceTransportPolicy 'relay'), with the server's REST credentials", async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['中', '继'])
  const ice = await request.get('/api/media/iceServers', { headers: { Authorization: `Bearer ${alice.login.token}` } })
  const servers = ((await ice.json()) as { data: { iceServers: Array<{ urls: string[]; username?: string; credential?: string }> } }).data.iceServers
  const turn = servers.find((s) => s.urls.some((u) => u.startsWith('turn:')))
  // CI starts coturn (.ci/run), so there the relay is checked, never skipped.
  if (!turn && process.env.CI) throw new Error('CI runs coturn, but the server offers no TURN (TURN_URLS and TURN_SECRET unset)')
  test.skip(!turn, 'the server offers no TURN (TURN_URLS and TURN_SECRET unset)')
  // REST credentials: '{expiry}:{wtId}' and a base64 HMAC.
  expect(turn!.username).toMatch(new RegExp(`^\\d+:${alice.wtId}$`))
  expect(turn!.credential).toMatch(/^[A-Za-z0-9+/]+=*$/)

  const a = await signIn(browser, alice, { beforeLogin: relayOnly })
  const b = await signIn(browser, bob, { beforeLogin: relayOnly })
  sessions = [a, b]
  await connectVideoCall(a, b)
  for (const page of [a.page, b.page]) {
    // ICE may nominate more than one pair (a relay per transport); every one of them is relayed.
    await expect
      .poll(async () => {
        const pairs = await selectedPairs(page)
        return pairs.length > 0 && pairs.every((p) => p.local === 'relay' && p.remote === 'relay')
      })
      .toBe(true)
  }
  await press(a.page, 'hangup')
})
