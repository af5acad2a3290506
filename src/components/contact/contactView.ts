/** What the contacts page's detail pane shows (on phones: the page opened over the list). */
export type ContactView =
  | { kind: 'applications' }
  | { kind: 'groups' }
  | { kind: 'tags' }
  | { kind: 'blacklist' }
  | { kind: 'add' }
  | { kind: 'friend'; wtId: string }

export const VIEW_TITLES: Record<ContactView['kind'], string> = {
  applications: '新的朋友',
  groups: '群聊',
  tags: '标签',
  blacklist: '黑名单',
  add: '添加好友/群',
  friend: '详细资料',
}

/** The view a `?view=` query names (a notification opens the new friends). */
export function viewFromQuery(view: string | undefined, wtId: string | undefined): ContactView | null {
  switch (view) {
    case 'applications':
    case 'groups':
    case 'tags':
    case 'blacklist':
    case 'add':
      return { kind: view }
    case 'friend':
      return wtId ? { kind: 'friend', wtId } : null
    default:
      return null
  }
}

export function sameView(a: ContactView | null, b: ContactView | null): boolean {
  if (!a || !b) return a === b
  if (a.kind === 'friend' && b.kind === 'friend') return a.wtId === b.wtId
  return a.kind === b.kind
}

/** The query that names a view (the inverse of viewFromQuery). */
export function viewQuery(view: ContactView): Record<string, string> {
  return view.kind === 'friend' ? { view: view.kind, wtId: view.wtId } : { view: view.kind }
}
