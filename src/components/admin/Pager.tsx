import { View } from '@tarojs/components'
import Button from '@/components/layout/Button'

interface PagerProps {
  page: number
  pageSize: number
  total: number
  onPage(page: number): void
}

/** Previous / next under a console table, with the position. */
export default function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <View className='admin-pager'>
      <View className='admin-pager__text'>
        共 {total} 条 · 第 {page}/{pages} 页
      </View>
      <Button size='small' disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </Button>
      <Button size='small' disabled={page >= pages} onClick={() => onPage(page + 1)}>
        下一页
      </Button>
    </View>
  )
}
