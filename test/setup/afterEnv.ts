import { resetTaroShim } from './taroState'

beforeEach(() => {
  localStorage.clear()
  resetTaroShim()
})
