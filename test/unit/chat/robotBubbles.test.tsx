import { render, screen, waitFor } from '@testing-library/react'
import { RobotMarkdownBubble } from '@/components/chat/bubbles/RobotBubbles'

describe('RobotMarkdownBubble', () => {
  test('only a link is a keyboard stop; bold and plain text are not buttons', async () => {
    render(<RobotMarkdownBubble markdown={'**构建失败** 请查看 [详情](https://ci.example.com/1) 并处理'} onLink={() => undefined} />)
    await waitFor(() => expect(document.querySelector('.rmd-span--bold')).not.toBeNull())
    const stops = screen.getAllByRole('button')
    expect(stops).toHaveLength(1)
    expect(stops[0].textContent).toBe('详情')
    expect(stops[0].getAttribute('tabindex')).toBe('0')
  })
})
