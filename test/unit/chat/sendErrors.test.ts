import { LocalSendError } from '@/engines/chat/ChatEngine'
import { sendErrorText } from '@/services/chat/sendErrors'

test.each([
  [10017, '全员禁言中', false, '全员禁言中'],
  [10017, '您已被禁言', false, '您已被禁言'],
  [10017, '', false, '您已被禁言'],
  [20012, 'banned', false, '封禁期间无法向其他用户发送消息'],
  [8001, '', false, '消息长度超出限制，消息长度不要超过12K'],
  [80002, '', false, '消息长度超出限制，消息长度不要超过12K'],
  [93000, 'x', false, '消息长度超出限制，消息长度不要超过12K'],
  [4004, '', false, '图片消息失败,无效的图片格式'],
  [7004, '', false, '文件不存在'],
  [7005, '', false, '文件大小超过100MB'],
  [3123, '消息包含违禁词', false, '消息包含违禁词'],
  [20007, '', false, '对方已将你拉黑，消息无法送达'],
  [LocalSendError.Timeout, '', false, '消息发送超时，请重试'],
  [12345, '', false, '消息发送失败'],
])('code %i (%s) → %s', (code, msg, risk, text) => {
  expect(sendErrorText(code, msg, risk)).toBe(text)
})

test('risk content, 80003, 20006 and a logout show no toast', () => {
  expect(sendErrorText(80001, '内容违规', true)).toBeNull()
  expect(sendErrorText(80003, 'x')).toBeNull()
  expect(sendErrorText(20006, 'x')).toBeNull()
  expect(sendErrorText(LocalSendError.Cancelled, 'x')).toBeNull()
})
