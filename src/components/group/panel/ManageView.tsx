import { View } from '@tarojs/components'
import { useState } from 'react'
import { GROUP_ADMIN_MAX, SwitchValue, type GroupInfo } from '@shared/group'
import type { GroupPanelAbilities } from '@/domain/groups/permissions'
import { PanelRow, PanelSection, SwitchRow, TOGGLE_COOLDOWN_MS } from './PanelParts'
import type { SubPanel } from './subPanels'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

const INVITE_CHOICES = [
  { value: SwitchValue.AutoPass, label: '自动通过' },
  { value: SwitchValue.Approval, label: '管理员审批' },
  { value: SwitchValue.Off, label: '禁止邀请' },
] as const

const JOIN_CHOICES = [
  { value: SwitchValue.AutoPass, label: '自由加入' },
  { value: SwitchValue.Approval, label: '需要审批' },
  { value: SwitchValue.Off, label: '禁止加入' },
] as const

/** Three-way setting (0 auto pass, 1 admin approval, 2 off), disabled for 1 s after a change like the toggles. */
function ChoiceRow({ label, value, choices, testId, onChange }: { label: string; value: number; choices: ReadonlyArray<{ value: SwitchValue; label: string }>; testId: string; onChange(v: SwitchValue): void }) {
  const [cooling, setCooling] = useState(false)
  const pick = (v: SwitchValue) => {
    if (cooling || v === value) return
    setCooling(true)
    setTimeout(() => setCooling(false), TOGGLE_COOLDOWN_MS)
    onChange(v)
  }
  return (
    <View className='gpanel-row gpanel-row--block'>
      <View className='gpanel-row__label'>{label}</View>
      <View className={`gchoice${cooling ? ' gchoice--disabled' : ''}`} data-testid={testId} data-value={String(value)}>
        {choices.map((c) => (
          <View {...pressable()} key={c.value} className={`gchoice__item${c.value === value ? ' gchoice__item--on' : ''}`} data-testid={`${testId}-${c.value}`} onClick={() => pick(c.value)}>
            {c.label}
          </View>
        ))}
      </View>
    </View>
  )
}

/** Group management (owner and admins): the switches, join rules, welcome message and people lists. */
export default function ManageView({ info, can, open }: { info: GroupInfo; can: GroupPanelAbilities; open(sub: SubPanel): void }) {
  const { editGroupField } = useApp().groups
  const g = info.groupNumber
  const save = (p: Promise<boolean>) => void p
  return (
    <View className='gpanel-body' data-testid='group-panel-manage'>
      <PanelSection>
        <SwitchRow
          label='全员禁言'
          hint='开启后，只有群主和管理员可以发言'
          checked={info.bannedSwitch === 1}
          testId='group-mute-all-switch'
          onChange={(v) => save(editGroupField(g, 'bannedSwitch', v ? 1 : 0))}
        />
        <SwitchRow
          label='成员保护'
          hint='开启后，群成员之间不能通过本群互加好友'
          checked={info.memberProtectSwitch === 1}
          testId='group-protect-switch'
          onChange={(v) => save(editGroupField(g, 'memberProtectSwitch', v ? 1 : 0))}
        />
      </PanelSection>
      <PanelSection>
        <ChoiceRow label='群成员邀请' value={info.inviteSwitch} choices={INVITE_CHOICES} testId='group-invite-switch' onChange={(v) => save(editGroupField(g, 'inviteSwitch', v))} />
        <ChoiceRow label='入群方式' value={info.confirminviteSwitch} choices={JOIN_CHOICES} testId='group-join-switch' onChange={(v) => save(editGroupField(g, 'confirminviteSwitch', v))} />
        <PanelRow label='入群等级限制' value={info.limitLevel > 0 ? `${info.limitLevel}级` : '未开启'} testId='group-join-level-row' onClick={() => open({ kind: 'joinLevel' })} />
        <PanelRow label='入群欢迎语' value={info.groupWelcomeMsg ? '已设置' : '未设置'} testId='group-welcome-row' onClick={() => open({ kind: 'text', field: 'welcome' })} />
      </PanelSection>
      <PanelSection>
        {can.manageAdmins ? <PanelRow label='群管理员' value={`${info.adminCount}/${GROUP_ADMIN_MAX}`} testId='group-admins-row' onClick={() => open({ kind: 'admins' })} /> : null}
        {can.transfer ? <PanelRow label='转让群主' testId='group-transfer-row' onClick={() => open({ kind: 'select', mode: 'transfer' })} /> : null}
        <PanelRow label='禁言成员' testId='group-muted-row' onClick={() => open({ kind: 'muted' })} />
        <PanelRow label='群成员黑名单' testId='group-blacklist-row' onClick={() => open({ kind: 'blacklist' })} />
      </PanelSection>
    </View>
  )
}
