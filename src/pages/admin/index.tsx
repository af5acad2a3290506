import AdminPageBody from '@/components/admin/AdminPageBody'
import PlainLayout from '@/components/layout/PlainLayout'

export default function AdminPage() {
  return (
    <PlainLayout route='admin'>
      <AdminPageBody />
    </PlainLayout>
  )
}
