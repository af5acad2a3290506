/**
 * The layer rules of eslint.config.mjs fire where they should (docs/client-architecture.md,
 * "Lint rules"). A node:test file rather than Jest: ESLint loads its config with a dynamic
 * import, which Jest's module sandbox cannot run.
 */
import { testPlanted } from './planted.mjs'

const readsWindow = 'export const width = (): number => window.innerWidth\n'

testPlanted([
  { name: 'a store that reads window fails', as: 'src/stores/planted.ts', code: readsWindow, fires: ['no-restricted-globals'] },
  { name: 'the platform layer may read window', as: 'src/platform/planted.h5.ts', code: readsWindow, fires: [] },
  {
    name: 'an engine that imports a service fails',
    as: 'src/engines/planted.ts',
    code: "import { toast } from '@/services/toast'\n\nexport const warn = (text: string): void => toast.error(text)\n",
    fires: ['import-x/no-restricted-paths'],
  },
  {
    name: 'a service that imports a component fails',
    as: 'src/services/planted.ts',
    code: "export { default } from '@/components/common/ToastHost'\n",
    fires: ['import-x/no-restricted-paths'],
  },
  {
    name: 'the shared contract imports nothing from the client',
    as: 'types/planted.ts',
    code: "import type { UiMessage } from '@/stores/slices/messages'\n\nexport type Row = UiMessage\n",
    fires: ['import-x/no-restricted-paths'],
  },
  {
    name: "a Taro input without maxlength fails: it would cut text at 140 characters",
    as: 'src/components/planted.tsx',
    code: "import { Input } from '@tarojs/components'\n\nexport const Field = () => <Input value='' />\n",
    fires: ['no-restricted-syntax'],
  },
  {
    name: 'a Taro input with a limit passes',
    as: 'src/components/planted.tsx',
    code: "import { Input, Textarea } from '@tarojs/components'\n\nexport const Field = () => <><Input value='' maxlength={100} /><Textarea value='' maxlength={-1} /></>\n",
    fires: [],
  },
  {
    // The store's index imports every slice; a slice importing the index back closes a cycle.
    name: 'an import cycle fails',
    as: 'src/stores/slices/ui.ts',
    code: "import * as stores from '../index'\n\nexport const again = stores\n",
    fires: ['import-x/no-cycle'],
  },
])
