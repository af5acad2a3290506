import { View } from '@tarojs/components'
import { useState } from 'react'
import { EDITABLE_DICTS, type AdminDictEntry, type HelperEntry } from '@shared/admin'
import { adminRoutes } from '@shared/routes/admin'
import Button from '@/components/layout/Button'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import Dialog from '@/components/layout/Dialog'
import TextField from '@/components/layout/TextField'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { useApp } from '@/root/AppContext'
import { useAdminData } from './useAdminData'
import { pressable } from '@/platform/focus'

const DICT_TITLE: Record<(typeof EDITABLE_DICTS)[number], string> = {
  user_complaint_type: '用户举报类型',
  group_complaint_type: '群聊举报类型',
  web_media_switch: '网页音视频通话开关（1 开，0 关）',
}

type Draft = { id?: number; question: string; replyMsg: string; jumpUrl: string; sort: string; enabled: boolean; keywords: string }
const draftOf = (e?: HelperEntry): Draft =>
  e ? { id: e.id, question: e.question, replyMsg: e.replyMsg, jumpUrl: e.jumpUrl, sort: String(e.sort), enabled: e.enabled, keywords: e.keywords.join('，') } : { question: '', replyMsg: '', jumpUrl: '', sort: '0', enabled: true, keywords: '' }

/** The helper's FAQ entries with their keywords, and the dictionaries. */
export default function ContentPanel() {
  const app = useApp()
  const faq = useAdminData(() => app.api.call(adminRoutes.helper))
  const dicts = useAdminData(() => app.api.call(adminRoutes.dicts))
  const [draft, setDraft] = useState<Draft | null>(null)
  const [deleting, setDeleting] = useState<HelperEntry | null>(null)
  const [removingDict, setRemovingDict] = useState<AdminDictEntry | null>(null)
  const save = useAsyncAction()
  const [entry, setEntry] = useState({ dictType: EDITABLE_DICTS[0] as (typeof EDITABLE_DICTS)[number], dictValue: '', dictLabel: '', dictSort: '0' })

  const saveFaq = () =>
    save.run(async () => {
      if (!draft) return
      const keywords = draft.keywords.split(/[,，\s]+/).map((k) => k.trim()).filter(Boolean)
      await app.api.call(adminRoutes.saveHelper, { ...draft, sort: Number(draft.sort) || 0, keywords })
      app.toast.success('已保存')
      setDraft(null)
      faq.reload()
    })

  const saveDict = async () => {
    dicts.setData(await app.api.call(adminRoutes.saveDict, { ...entry, dictSort: Number(entry.dictSort) || 0 }))
    setEntry({ ...entry, dictValue: '', dictLabel: '' })
  }

  return (
    <View data-testid='admin-content'>
      <View className='admin-card'>
        <View className='admin-toolbar'>
          <View className='admin-card__title'>小助手常见问题</View>
          <Button size='small' variant='primary' testId='admin-faq-new' onClick={() => setDraft(draftOf())}>
            新增问题
          </Button>
        </View>
        {(faq.data ?? []).map((e) => (
          <View className='admin-faq' key={e.id}>
            <View className='admin-faq__q'>
              {e.question}
              {e.enabled ? null : <View className='admin-tag'>已隐藏</View>}
            </View>
            <View className='admin-muted'>{e.replyMsg}</View>
            <View className='admin-muted'>关键词：{e.keywords.join('、') || '无'}</View>
            <View className='admin-actions'>
              <Button size='small' onClick={() => setDraft(draftOf(e))}>
                编辑
              </Button>
              <Button size='small' variant='danger' testId='admin-faq-delete' onClick={() => setDeleting(e)}>
                删除
              </Button>
            </View>
          </View>
        ))}
      </View>

      <View className='admin-card'>
        <View className='admin-card__title'>字典</View>
        {EDITABLE_DICTS.map((t) => (
          <View key={t} className='admin-dict'>
            <View className='admin-dict__title'>{DICT_TITLE[t]}</View>
            {(dicts.data ?? [])
              .filter((d) => d.dictType === t)
              .map((d) => (
                <View className='admin-line admin-dict__row' key={d.dictValue}>
                  <View>
                    {d.dictValue} · {d.dictLabel}
                  </View>
                  {t === 'web_media_switch' ? null : (
                    <View {...pressable()}
                      className='admin-word__remove'
                      aria-label={`删除 ${d.dictLabel}`}
                      onClick={() => setRemovingDict(d)}
                    >
                      ×
                    </View>
                  )}
                </View>
              ))}
          </View>
        ))}
        <View className='admin-chips'>
          {EDITABLE_DICTS.map((t) => (
            <View {...pressable()} key={t} className={`admin-chip${entry.dictType === t ? ' admin-chip--on' : ''}`} onClick={() => setEntry({ ...entry, dictType: t })}>
              {DICT_TITLE[t]}
            </View>
          ))}
        </View>
        <View className='admin-form-row'>
          <TextField label='值' value={entry.dictValue} onChange={(v) => setEntry({ ...entry, dictValue: v })} maxLength={32} />
          <TextField label='名称' value={entry.dictLabel} onChange={(v) => setEntry({ ...entry, dictLabel: v })} maxLength={64} />
          <TextField label='排序' value={entry.dictSort} onChange={(v) => setEntry({ ...entry, dictSort: v })} maxLength={5} />
        </View>
        <View className='admin-actions'>
          <Button size='small' variant='primary' onClick={() => void saveDict().catch(() => undefined)}>
            保存字典项
          </Button>
        </View>
      </View>

      <ConfirmDialog
        open={deleting !== null}
        title='删除问题'
        danger
        confirmText='删除'
        testId='admin-faq-delete-dialog'
        onConfirm={async () => {
          if (deleting) await app.api.call(adminRoutes.deleteHelper, { id: deleting.id }).then(faq.reload).catch(() => undefined)
          setDeleting(null)
        }}
        onClose={() => setDeleting(null)}
      >
        删除后小助手不再回答「{deleting?.question}」，确定删除吗？
      </ConfirmDialog>

      <ConfirmDialog
        open={removingDict !== null}
        title='删除字典项'
        danger
        confirmText='删除'
        testId='admin-dict-delete-dialog'
        onConfirm={async () => {
          if (removingDict)
            await app.api
              .call(adminRoutes.deleteDict, { dictType: removingDict.dictType, dictValue: removingDict.dictValue })
              .then(dicts.setData)
              .catch(() => undefined)
          setRemovingDict(null)
        }}
        onClose={() => setRemovingDict(null)}
      >
        删除后「{removingDict?.dictLabel}」不再是{removingDict ? DICT_TITLE[removingDict.dictType] : ''}的选项，确定删除吗？
      </ConfirmDialog>

      <Dialog open={draft !== null} title={draft?.id ? '编辑问题' : '新增问题'} onClose={() => setDraft(null)} testId='admin-faq-dialog'>
        {draft ? (
          <View>
            <TextField label='问题' value={draft.question} onChange={(v) => setDraft({ ...draft, question: v })} maxLength={100} />
            <TextField label='回答' value={draft.replyMsg} onChange={(v) => setDraft({ ...draft, replyMsg: v })} maxLength={2000} />
            <TextField label='关键词（逗号分隔）' value={draft.keywords} onChange={(v) => setDraft({ ...draft, keywords: v })} maxLength={500} />
            <TextField label='跳转链接（选填）' value={draft.jumpUrl} onChange={(v) => setDraft({ ...draft, jumpUrl: v })} maxLength={500} />
            <TextField label='排序' value={draft.sort} onChange={(v) => setDraft({ ...draft, sort: v })} maxLength={5} />
            <View {...pressable()} className={`admin-chip${draft.enabled ? ' admin-chip--on' : ''}`} onClick={() => setDraft({ ...draft, enabled: !draft.enabled })}>
              {draft.enabled ? '显示在常见问题中' : '已隐藏'}
            </View>
            {save.error ? <View className='form-error'>{save.error}</View> : null}
            <View className='admin-actions'>
              <Button variant='primary' loading={save.busy} onClick={saveFaq}>
                保存
              </Button>
            </View>
          </View>
        ) : null}
      </Dialog>
    </View>
  )
}
