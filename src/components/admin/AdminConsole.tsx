import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { adminRoutes } from '@shared/routes/admin'
import Button from '@/components/layout/Button'
import { navigate } from '@/router/navigation'
import { useApp } from '@/root/AppContext'
import AuditPanel from './AuditPanel'
import ContentPanel from './ContentPanel'
import MembershipPanel from './MembershipPanel'
import ModerationPanel from './ModerationPanel'
import OverviewPanel from './OverviewPanel'
import ReportsPanel from './ReportsPanel'
import RobotsPanel from './RobotsPanel'
import UsersPanel from './UsersPanel'
import './admin.scss'
import { pressable } from '@/platform/focus'

const SECTIONS = [
  { key: 'overview', title: '概览', Panel: OverviewPanel },
  { key: 'users', title: '用户', Panel: UsersPanel },
  { key: 'membership', title: '会员', Panel: MembershipPanel },
  { key: 'reports', title: '举报', Panel: ReportsPanel },
  { key: 'moderation', title: '内容审核', Panel: ModerationPanel },
  { key: 'content', title: '小助手与字典', Panel: ContentPanel },
  { key: 'robots', title: '群机器人', Panel: RobotsPanel },
  { key: 'audit', title: '操作日志', Panel: AuditPanel },
] as const

type Access = 'checking' | 'operator' | 'denied'

/** The operator console: a section list beside (on phones: above) the open section. */
export default function AdminConsole() {
  const app = useApp()
  const [access, setAccess] = useState<Access>('checking')
  const [name, setName] = useState('')
  const [section, setSection] = useState<(typeof SECTIONS)[number]['key']>('overview')

  useEffect(() => {
    app.api.call(adminRoutes.me, undefined, { silent: true }).then(
      (me) => {
        setName(me.nickName)
        setAccess('operator')
      },
      () => setAccess('denied'),
    )
  }, [])

  if (access === 'checking') return <View className='admin-loading'>加载中…</View>
  if (access === 'denied') {
    return (
      <View className='admin-denied' data-testid='admin-denied'>
        <View className='admin-denied__title'>当前操作没有权限</View>
        <View className='admin-muted'>管理后台仅对运营人员开放。</View>
        <Button variant='primary' onClick={() => navigate('messages')}>
          返回消息
        </Button>
      </View>
    )
  }
  const Current = SECTIONS.find((s) => s.key === section)!.Panel
  return (
    <View className='admin' data-testid='admin-console'>
      <View className='admin-nav'>
        <View className='admin-nav__brand'>微谈管理后台</View>
        <View className='admin-nav__items'>
          {SECTIONS.map((s) => (
            <View {...pressable()} key={s.key} className={`admin-nav__item${section === s.key ? ' admin-nav__item--on' : ''}`} data-testid={`admin-nav-${s.key}`} onClick={() => setSection(s.key)}>
              {s.title}
            </View>
          ))}
        </View>
        <View className='admin-nav__me'>
          <View className='admin-nav__name'>{name}</View>
          <View {...pressable()} className='admin-nav__back' data-testid='admin-back' onClick={() => navigate('messages')}>
            返回应用
          </View>
        </View>
      </View>
      <View className='admin-main'>
        <View className='admin-main__title'>{SECTIONS.find((s) => s.key === section)!.title}</View>
        <Current />
      </View>
    </View>
  )
}
