import { View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'
import type { ConversationGroup } from '@shared/conversationGroup'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import Dialog from '@/components/layout/Dialog'
import { useApp, useAppStore } from '@/root/AppContext'
import { canCreateGroup, userGroups } from '@/stores/selectors/conversationGroups'
import GroupEditorDialog from './GroupEditorDialog'
import { useDragOrder } from './useDragOrder'
import { pressable } from '@/platform/focus'

/** Height of a row of the shown list; the drag counts rows by it (conversation.scss uses the same). */
export const MANAGE_ROW_HEIGHT = 52

interface ManageGroupsDialogProps {
  open: boolean
  onClose(): void
}

/** The local order of the shown groups: what is being dragged, kept in step with groups shown or hidden meanwhile. */
function reconcile(order: readonly number[], shownIds: readonly number[]): number[] {
  const kept = order.filter((id) => shownIds.includes(id))
  return [...kept, ...shownIds.filter((id) => !kept.includes(id))]
}

/**
 * The manage-groups screen (spec 2, 4 "Conversation groups"): the groups shown on the home page,
 * sortable by their drag handles, and the hidden ones; create, edit, hide or show, delete after a
 * confirmation. The order is saved on 完成 and dropped on 取消; the other changes are saved at once.
 */
export default function ManageGroupsDialog({ open, onClose }: ManageGroupsDialogProps) {
  const app = useApp()
  const all = useAppStore((s) => s.conversationGroups)
  const groups = useMemo(() => userGroups(all), [all])
  const shownIds = useMemo(() => groups.filter((g) => g.hideStatus === 1).map((g) => g.id), [groups])
  const hidden = groups.filter((g) => g.hideStatus === 0)
  const [order, setOrder] = useState<number[]>([])
  const [editing, setEditing] = useState<ConversationGroup | 'new' | null>(null)
  const [deleting, setDeleting] = useState<ConversationGroup | null>(null)

  useEffect(() => {
    if (open) setOrder(shownIds)
    // The order starts from the server's each time the screen opens; later changes are reconciled below.
  }, [open])

  const current = reconcile(order, shownIds)
  const drag = useDragOrder(current, MANAGE_ROW_HEIGHT, setOrder)
  const byId = new Map(groups.map((g) => [g.id, g]))

  const finish = async () => {
    if (current.join() === shownIds.join()) return onClose()
    try {
      await app.conversationGroups.sort(current)
      onClose()
    } catch {
      // The service has shown 修改顺序失败，请重试; the screen stays with the order as dragged.
    }
  }

  const run = (p: Promise<unknown>) => p.catch(() => undefined)

  const row = (g: ConversationGroup, index: number | null) => (
    <View
      key={g.id}
      className={`sg-row${index !== null && drag.dragging === index ? ' sg-row--dragging' : ''}`}
      style={index !== null && drag.dragging !== null ? { transform: `translateY(${drag.shiftOf(index)}px)` } : undefined}
      data-testid={index === null ? 'sg-hidden-row' : 'sg-shown-row'}
      data-name={g.groupName}
    >
      {index !== null ? (
        <View className='sg-row__handle' aria-label='拖动排序' data-testid='sg-drag-handle' {...drag.handleProps(index)}>
          <View className='sg-row__grip' />
        </View>
      ) : null}
      <View className='sg-row__name'>{g.groupName}</View>
      <View className='sg-row__count'>{g.relationList.length}</View>
      <View {...pressable()} className='sg-row__action' data-testid='sg-edit' onClick={() => setEditing(g)}>
        编辑
      </View>
      <View {...pressable()} className='sg-row__action' data-testid={index === null ? 'sg-show' : 'sg-hide'} onClick={() => run(app.conversationGroups.setShown(g.id, index === null))}>
        {index === null ? '显示' : '隐藏'}
      </View>
      <View {...pressable()} className='sg-row__action sg-row__action--danger' data-testid='sg-delete' onClick={() => setDeleting(g)}>
        删除
      </View>
    </View>
  )

  return (
    <>
      <Dialog
        open={open && editing === null && deleting === null}
        wide
        title='管理分组'
        onClose={onClose}
        testId='manage-groups'
        confirm={{ label: '完成', testId: 'manage-groups-done', cancelTestId: 'manage-groups-cancel', onConfirm: finish }}
      >
        <View className='sg-manage'>
          {canCreateGroup(all) ? (
            <View {...pressable()} className='sg-manage__create' data-testid='sg-create' onClick={() => setEditing('new')}>
              + 新建分组
            </View>
          ) : null}
          <View className='sg-manage__title'>在首页显示</View>
          <View className='sg-manage__list' {...drag.listProps}>
            {current.map((id, i) => {
              const g = byId.get(id)
              return g ? row(g, i) : null
            })}
            {current.length === 0 ? <View className='sg-manage__empty'>暂无分组</View> : null}
          </View>
          <View className='sg-manage__title'>已隐藏</View>
          <View className='sg-manage__list'>
            {hidden.map((g) => row(g, null))}
            {hidden.length === 0 ? <View className='sg-manage__empty'>暂无隐藏的分组</View> : null}
          </View>
        </View>
      </Dialog>
      <GroupEditorDialog target={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title='删除分组'
        danger
        confirmText='删除'
        testId='sg-delete-confirm'
        onConfirm={async () => {
          if (!deleting) return
          await run(app.conversationGroups.remove([deleting.id]))
          setDeleting(null)
        }}
        onClose={() => setDeleting(null)}
      >
        <View className='sg-confirm'>删除分组“{deleting?.groupName}”？分组里的会话不会被删除。</View>
      </ConfirmDialog>
    </>
  )
}
