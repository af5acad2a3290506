import { useEffect } from 'react'
import GuestLayout from '@/components/layout/GuestLayout'
import LoginCard from '@/components/login/LoginCard'
import { redirectAfterLogin } from '@/router/navigation'
import { useApp } from '@/root/AppContext'

export default function LoginPage() {
  const { store } = useApp()
  useEffect(() => {
    // Someone already signed in who opens /login goes on to where the redirect query points.
    // Only on arrival: a login made on this page redirects by itself.
    if (store.getState().user) redirectAfterLogin()
  }, [])
  return (
    <GuestLayout route='login' main='card'>
      <LoginCard />
    </GuestLayout>
  )
}
