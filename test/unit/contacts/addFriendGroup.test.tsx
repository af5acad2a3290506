import { act, fireEvent, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import AddFriendView from '@/components/contact/AddFriendView'
import type { App } from '@/root/createApp'
import type { ContactsService } from '@/services/contacts'
import type { GroupApi } from '@/services/groups'
import { ignoreTaroFieldWatchErrors } from '../conversation/fixtures'
import { renderInApp, mockMethods, testApp } from '../helpers/testApp'

let app: App
let groupApi: GroupApi
let searchById: ContactsService['searchById']
const render = (ui: ReactElement) => renderInApp(app, ui)

const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  })

beforeEach(() => {
  app = testApp()
  groupApi = app.groups.api
  ;({ searchById } = mockMethods(app.contacts, ['searchById']))
  ignoreTaroFieldWatchErrors()
})

test('a group found from 添加好友/群 opens the group card, whose join asks with joinType 3', async () => {
  jest.mocked(searchById).mockResolvedValue([{ wtId: 'G2', name: '读书会', avatar: '', type: 2, userType: 0, groupNumber: '100002' }])
  const card = jest.spyOn(groupApi, 'getCardInfoById').mockResolvedValue({
    groupID: 'G2', groupNumber: '100002', groupName: '读书会', groupAvatar: '', groupType: 'Public', groupMemberCount: 5, joinMode: 'approval', limitLevel: 0, isMember: false, applyStatus: 'none',
  })
  const join = jest.spyOn(groupApi, 'activeJoin').mockResolvedValue({ status: 'pending' } as never)
  render(<AddFriendView />)
  fireEvent(screen.getByTestId('add-search'), new CustomEvent('input', { bubbles: true, detail: { value: '100002' } }))
  fireEvent.click(screen.getByTestId('add-search-submit'))
  await flush()
  fireEvent.click(screen.getByTestId('add-result-group'))
  await flush()
  expect(card).toHaveBeenCalledWith('100002', { silent: true })
  expect(screen.getByTestId('group-card-name').textContent).toBe('读书会')
  fireEvent.click(screen.getByTestId('group-card-join'))
  await flush()
  expect(join).toHaveBeenCalledWith({ groupNumber: '100002', joinType: 3, applyMessage: '' }, expect.anything())
  expect(screen.getByTestId('group-card-pending')).toBeTruthy()
})
