import { View } from '@tarojs/components'
import { useState } from 'react'
import type { ModerationKind } from '@shared/admin'
import { adminRoutes } from '@shared/routes/admin'
import Button from '@/components/layout/Button'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import TextField from '@/components/layout/TextField'
import { useApp } from '@/root/AppContext'
import { useAdminData } from './useAdminData'
import { pressable } from '@/platform/focus'

const KINDS: Array<{ kind: ModerationKind; title: string; hint: string }> = [
  { kind: 'blocked', title: '违禁词', hint: '消息包含这些词时拒绝发送，发送者看到「消息中含有违禁词，发送失败」' },
  { kind: 'sensitive', title: '敏感词', hint: '消息包含这些词时按敏感内容拒绝，发送者看到「涉及敏感内容，发送失败」' },
  { kind: 'image', title: '拒绝的图片摘要', hint: '图片文件的 SHA-256 摘要；发送这些图片时按敏感内容拒绝' },
]

/** The word lists and image digests; a change applies to the next message on every server. */
export default function ModerationPanel() {
  const app = useApp()
  const lists = useAdminData(() => app.api.call(adminRoutes.moderation))
  const [removing, setRemoving] = useState<{ kind: ModerationKind; value: string } | null>(null)
  const [drafts, setDrafts] = useState<Record<ModerationKind, string>>({ blocked: '', sensitive: '', image: '' })

  const add = async (kind: ModerationKind) => {
    const value = drafts[kind].trim()
    if (!value) return
    lists.setData(await app.api.call(adminRoutes.addModeration, { kind, value }))
    setDrafts({ ...drafts, [kind]: '' })
  }
  const remove = async (kind: ModerationKind, value: string) => lists.setData(await app.api.call(adminRoutes.removeModeration, { kind, value }))

  return (
    <View className='admin-columns' data-testid='admin-moderation'>
      {KINDS.map(({ kind, title, hint }) => (
        <View className='admin-card' key={kind}>
          <View className='admin-card__title'>{title}</View>
          <View className='admin-muted'>{hint}</View>
          <View className='admin-toolbar'>
            <TextField value={drafts[kind]} onChange={(v) => setDrafts({ ...drafts, [kind]: v })} onConfirm={() => void add(kind).catch(() => undefined)} maxLength={64} placeholder='添加一项' a11yLabel={`新增${title}`} testId={`admin-moderation-${kind}`} />
            <Button size='small' variant='primary' testId={`admin-moderation-${kind}-add`} label={`添加${title}`} onClick={() => void add(kind).catch(() => undefined)}>
              添加
            </Button>
          </View>
          <View className='admin-words'>
            {(lists.data?.[kind] ?? []).map((w) => (
              <View className='admin-word' key={w}>
                <View className={kind === 'image' ? 'admin-mono' : ''}>{kind === 'image' ? `${w.slice(0, 12)}…` : w}</View>
                <View {...pressable()} className='admin-word__remove' aria-label={`删除 ${w}`} onClick={() => setRemoving({ kind, value: w })}>
                  ×
                </View>
              </View>
            ))}
          </View>
        </View>
      ))}
      <ConfirmDialog
        open={removing !== null}
        title={`删除${KINDS.find((k) => k.kind === removing?.kind)?.title ?? ''}`}
        danger
        confirmText='删除'
        testId='admin-moderation-remove-dialog'
        onConfirm={async () => {
          if (removing) await remove(removing.kind, removing.value).catch(() => undefined)
          setRemoving(null)
        }}
        onClose={() => setRemoving(null)}
      >
        {removing?.kind === 'image' ? `删除后摘要为 ${removing.value.slice(0, 12)}… 的图片不再被拒绝发送，确定删除吗？` : `删除后包含「${removing?.value ?? ''}」的消息不再被拒绝发送，确定删除吗？`}
      </ConfirmDialog>
    </View>
  )
}
