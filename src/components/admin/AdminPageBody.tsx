import AdminConsole from './AdminConsole'

/** The operator console, on the web. */
export default function AdminPageBody() {
  return <AdminConsole />
}
