import { createElement, type PropsWithChildren } from 'react'
import { backEntry } from '@/platform/backEntry'
import { boot } from '@/platform/boot'
import { focusSearch, onShortcut, startKeyActivation } from '@/platform/focus'
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
// Ctrl+K and Ctrl+F go to the search field of the screen shown (the app's screens only: no other
// has one). Installed with the app, not by each screen as it mounts, so a key pressed the moment
// a screen appears is not lost.
onShortcut((shortcut) => shortcut === 'search' && focusSearch())
void app.session.restoreSession()
app.sessionWatch.start()

function App({ children }: PropsWithChildren) {
  return createElement(AppProvider, { app }, children)
}

export default App
