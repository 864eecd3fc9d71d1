import type { Session } from '#lib/types'
import { AppRouter } from './AppRouter'
import { SessionProvider } from './session'
import { Shell } from './Shell'

export function App({ initialSession }: { initialSession?: Session | null }) {
  return (
    <SessionProvider initial={initialSession}>
      <Shell>
        <AppRouter />
      </Shell>
    </SessionProvider>
  )
}
