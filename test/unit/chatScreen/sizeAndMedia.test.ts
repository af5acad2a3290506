import { audioBubbleWidth, fitImage, fitVideo, IMAGE_MAX_PX, imageMaxSide, videoMaxWidth } from '@/utils/media'
import { formatFileSize } from '@/utils/size'

describe('formatFileSize', () => {
  test.each([
    [0, '0.00 B'],
    [-5, '0.00 B'],
    [Number.NaN, '0.00 B'],
    [512, '512.00 B'],
    [1023, '1023.00 B'],
    [1024, '1.00 Kb'],
    [1536, '1.50 Kb'],
    [5007, '4.89 Kb'],
    [1024 * 1024 - 1, '1.00 Mb'],
    [1024 * 1024, '1.00 Mb'],
    [100 * 1024 * 1024, '100.00 Mb'],
    [3 * 1024 * 1024 * 1024, '3072.00 Mb'],
  ])('%p bytes → %p', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text)
  })
})

const desktop = { narrow: false, containerWidth: 1280 }

describe('image boxes', () => {
  test('large pictures shrink so the longer side is 300 px, keeping the ratio', () => {
    expect(fitImage({ width: 640, height: 360 }, desktop)).toEqual({ width: 300, height: 169 })
    expect(fitImage({ width: 200, height: 500 }, desktop)).toEqual({ width: 120, height: 300 })
  })

  test('small pictures are not enlarged', () => {
    expect(fitImage({ width: 120, height: 80 }, desktop)).toEqual({ width: 120, height: 80 })
  })

  test('on narrow screens the limit is the smaller of container - 180 and 300', () => {
    expect(imageMaxSide({ narrow: true, containerWidth: 390 })).toBe(210)
    expect(imageMaxSide({ narrow: true, containerWidth: 600 })).toBe(IMAGE_MAX_PX)
    expect(fitImage({ width: 1000, height: 500 }, { narrow: true, containerWidth: 390 })).toEqual({ width: 210, height: 105 })
  })

  test('unknown sizes get a 4:3 box and very thin pictures keep a usable short side', () => {
    expect(fitImage({ width: 0, height: 0 }, desktop)).toEqual({ width: 180, height: 135 })
    expect(fitImage({ width: 3000, height: 10 }, desktop)).toEqual({ width: 300, height: 40 })
  })
})

describe('video boxes', () => {
  test('at most 300 wide on desktop, container - 172 on narrow screens', () => {
    expect(videoMaxWidth(desktop)).toBe(300)
    expect(videoMaxWidth({ narrow: true, containerWidth: 390 })).toBe(218)
    expect(fitVideo({ width: 1280, height: 720 }, desktop)).toEqual({ width: 300, height: 169 })
    expect(fitVideo({ width: 1280, height: 720 }, { narrow: true, containerWidth: 390 })).toEqual({ width: 218, height: 123 })
  })

  test('a missing poster size is taken as 16:9', () => {
    expect(fitVideo({ width: 0, height: 0 }, desktop)).toEqual({ width: 300, height: 169 })
  })
})

test('audio bubbles grow 10 px per second plus 20 px, counting at least 1 s', () => {
  expect(audioBubbleWidth(0)).toBe(30)
  expect(audioBubbleWidth(1)).toBe(30)
  expect(audioBubbleWidth(2.2)).toBe(50)
  expect(audioBubbleWidth(60)).toBe(620)
  expect(audioBubbleWidth(Number.NaN)).toBe(30)
})
