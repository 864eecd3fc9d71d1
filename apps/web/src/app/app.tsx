import { AppRouter } from './app-router'
import { Shell } from './shell'

export function App() {
  return (
    <Shell>
      <AppRouter />
    </Shell>
  )
}
