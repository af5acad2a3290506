import { axisDay } from '@/engines/chart/lineChart.h5'

/** The overview's day axis writes a day as the rest of the console does, without the year. */
test('a day on the chart axis reads 11-07', () => {
  expect(axisDay(new Date(2026, 10, 7).getTime() / 1000)).toBe('11-07')
  expect(axisDay(new Date(2026, 0, 25, 12).getTime() / 1000)).toBe('01-25')
})
