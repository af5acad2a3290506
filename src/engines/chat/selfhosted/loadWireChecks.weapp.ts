import * as checks from './frames'
import type { WireChecks } from './frames'

export function loadWireChecks(): Promise<WireChecks> {
  return Promise.resolve(checks)
}
