import { act, fireEvent, render, screen } from '@testing-library/react'
import UpdatePrompt from '@/components/common/UpdatePrompt'
import { pwa } from '@/platform/pwa'

jest.mock('@/platform/pwa', () => ({ pwa: { register: jest.fn() } }))

/** 有新版本，点击刷新 is announced, and is a button the keyboard reaches and presses. */
test('the update offer is a focusable button inside a live region', () => {
  const apply = jest.fn()
  render(<UpdatePrompt />)
  expect(screen.queryByTestId('update-prompt')).toBeNull()
  act(() => (pwa.register as jest.Mock).mock.calls[0][0](apply))
  const button = screen.getByRole('button', { name: '有新版本，点击刷新' })
  expect(button.tabIndex).toBe(0)
  expect(button.closest('[role="status"]')).not.toBeNull()
  fireEvent.click(button)
  expect(apply).toHaveBeenCalledTimes(1)
})
