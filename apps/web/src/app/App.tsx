import { AppRouter } from './AppRouter'
import { Shell } from './Shell'

export function App() {
  return (
    <Shell>
      <AppRouter />
    </Shell>
  )
}
