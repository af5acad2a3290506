import { Image, View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'
import { ApplySource, type Tag } from '@shared/friends'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import EmptyState from '@/components/layout/EmptyState'
import removeIcon from '@/components/group/icons/remove.svg'
import { useApp, useAppStore } from '@/root/AppContext'
import { friendName } from '@/stores/selectors/contacts'
import FriendPickerDialog from './FriendPickerDialog'
import TagNameDialog from './TagNameDialog'
import { pressable } from '@/platform/focus'

type Dialog = 'create' | 'rename' | 'delete' | 'members' | null

/** 标签: the user's tags with member counts; a tag opens its members, with rename, delete, add and remove. */
export default function TagsView() {
  const app = useApp()
  const { mediaUrl } = app.chat
  const { addTagMembers, createTag, deleteTag, reloadTags, removeTagMember, renameTag } = app.contacts
  const tags = useAppStore((s) => s.tags)
  const friends = useAppStore((s) => s.friends)
  const openProfile = useAppStore((s) => s.openProfile)
  const [selectedID, setSelectedID] = useState<number | null>(null)
  const [dialog, setDialog] = useState<Dialog>(null)
  useEffect(() => {
    void reloadTags()
  }, [])

  const selected: Tag | undefined = tags.find((t) => t.id === selectedID)
  // Members come from the friend list, whose entries carry the names of their tags.
  const members = useMemo(() => (selected ? friends.filter((f) => f.tagNameList.includes(selected.tagName)) : []), [selected, friends])
  const close = () => setDialog(null)

  return (
    <View className='tags-view' data-testid='tags-view'>
      <View className='tags-view__bar'>
        <Button size='small' variant='primary' testId='tag-create' onClick={() => setDialog('create')}>
          新建标签
        </Button>
      </View>
      {tags.length === 0 ? (
        <EmptyState testId='tags-empty' title='暂无标签' hint='用标签给朋友分组，例如“同事”“家人”。' />
      ) : (
        <View className='tag-list'>
          {tags.map((t) => (
            <View {...pressable()}
              key={t.id}
              className={`tag-list__item${t.id === selectedID ? ' tag-list__item--active' : ''}`}
              data-testid='tag-item'
              data-name={t.tagName}
              onClick={() => setSelectedID(t.id === selectedID ? null : t.id)}
            >
              <View className='tag-list__name'>{t.tagName}</View>
              <View className='tag-list__count'>({t.userCount})</View>
            </View>
          ))}
        </View>
      )}
      {selected ? (
        <View className='tag-detail' data-testid='tag-detail' data-name={selected.tagName}>
          <View className='tag-detail__head'>
            <View className='tag-detail__title'>{selected.tagName}</View>
            <Button size='small' testId='tag-add-members' onClick={() => setDialog('members')}>
              添加成员
            </Button>
            <Button size='small' testId='tag-rename' onClick={() => setDialog('rename')}>
              重命名
            </Button>
            <Button size='small' variant='danger' testId='tag-delete' onClick={() => setDialog('delete')}>
              删除
            </Button>
          </View>
          {members.length === 0 ? <View className='contact-status'>该标签下还没有朋友</View> : null}
          {members.map((f) => (
            <View {...pressable()} key={f.wtId} className='contact-row' data-testid='tag-member' data-id={f.wtId} onClick={() => openProfile({ wtId: f.wtId, applySource: ApplySource.SearchId })}>
              <Avatar src={f.avatar ? mediaUrl(f.avatar) : ''} size={32} />
              <View className='contact-row__name'>{friendName(f)}</View>
              <View {...pressable()}
                className='tag-detail__remove'
                aria-label='移出标签'
                data-testid='tag-member-remove'
                onClick={(e) => {
                  e.stopPropagation()
                  void removeTagMember(selected.id, f.wtId)
                }}
              >
                <Image nativeProps={{ alt: '' }} className='tag-detail__remove-icon' src={removeIcon} />
              </View>
            </View>
          ))}
        </View>
      ) : null}
      <TagNameDialog open={dialog === 'create'} title='新建标签' initial='' onSubmit={(name) => createTag(name)} onClose={close} />
      <TagNameDialog open={dialog === 'rename'} title='重命名标签' initial={selected?.tagName ?? ''} onSubmit={(name) => (selected ? renameTag(selected.id, name) : Promise.resolve(false))} onClose={close} />
      <ConfirmDialog
        open={dialog === 'delete'}
        title='删除标签'
        confirmText='删除'
        danger
        testId='tag-delete-dialog'
        onConfirm={async () => {
          if (selected && (await deleteTag(selected.id))) {
            setSelectedID(null)
            close()
          }
        }}
        onClose={close}
      >
        <View className='contact-confirm__text'>{`删除标签「${selected?.tagName ?? ''}」后，标签中的联系人不会被删除。`}</View>
      </ConfirmDialog>
      <FriendPickerDialog
        open={dialog === 'members'}
        title={`添加到标签「${selected?.tagName ?? ''}」`}
        exclude={members.map((m) => m.wtId)}
        onDone={(picked) => (selected ? addTagMembers(selected.id, picked.map((p) => p.id)) : Promise.resolve(false))}
        onClose={close}
      />
    </View>
  )
}
