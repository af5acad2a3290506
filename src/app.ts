import { createElement, type PropsWithChildren } from 'react'
import { backEntry } from '@/platform/backEntry'
import { boot } from '@/platform/boot'
import { startKeyActivation } from '@/platform/focus'
import { AppProvider } from '@/root/AppContext'
import { createApp } from '@/root/createApp'
import { bootRewrite } from '@/router/guard'
import './app.scss'

// The page's one app. It is built, and the stored session restored, when the app module loads,
// which is before the router reads the URL and mounts a page: the router only knows the route
// table's paths, and page guards need the restored user.
const app = createApp()
boot.rewriteLaunchUrl(bootRewrite)
backEntry.install()
// Enter and Space press the focused button-like view, as they press a native button.
startKeyActivation()
void app.session.restoreSession()
app.sessionWatch.start()

function App({ children }: PropsWithChildren) {
  return createElement(AppProvider, { app }, children)
}

export default App
