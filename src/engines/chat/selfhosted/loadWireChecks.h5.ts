import type { WireChecks } from './frames'

export function loadWireChecks(): Promise<WireChecks> {
  return import(/* webpackChunkName: "wire-checks" */ './frames')
}
