import type { PropsWithChildren } from 'react'
import { boot } from '@/platform/boot'
import { bootRewrite } from '@/router/guard'
import { restoreSession } from '@/services/session'
import './app.scss'

// Both run when the app module loads, which is before the router reads the URL and mounts a page:
// the router only knows the route table's paths, and page guards need the restored user.
boot.rewriteLaunchUrl(bootRewrite)
void restoreSession()

function App({ children }: PropsWithChildren) {
  return children
}

export default App
