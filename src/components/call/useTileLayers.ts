import { useEffect } from 'react'
import type { CallState, CallUser } from '@/engines/call/state'
import { useApp } from '@/root/AppContext'
import { groupLayout, layerForTile } from './groupLayout'

/** The group grid of a call: everyone, the focused tile (else the first remote participant in the call) big. */
export function callGrid(s: CallState, focus: string) {
  const self = s.localUserInfo
  const people: CallUser[] = [self, ...s.remoteUserInfoList]
  const firstEntered = s.remoteUserInfoList.find((u) => u.isEnter)?.userId ?? self.userId
  return { people, items: groupLayout(people.map((u) => u.userId), focus || firstEntered, !!focus) }
}

/**
 * Through the SFU each tile receives the simulcast layer its size needs. The layers are asked
 * for from the first ring on, before anyone's video is received, so each video starts at its
 * layer and never waits for a key frame of another one.
 */
export function useTileLayers(s: CallState, focus: string, mobile: boolean): void {
  const { callEngine } = useApp()
  const self = s.localUserInfo.userId
  const layers = s.isGroup
    ? callGrid(s, focus)
        .items.filter((i) => i.name !== self)
        .map((i) => `${i.name}:${layerForTile(i, mobile)}`)
        .join(',')
    : ''
  useEffect(() => {
    if (!layers) return
    for (const entry of layers.split(',')) {
      const [userId, layer] = entry.split(':')
      if (userId) callEngine.setRemoteLayer(userId, Number(layer) as 0 | 1 | 2)
    }
  }, [layers, callEngine])
}
