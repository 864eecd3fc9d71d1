import { createContext, useContext } from 'react'
import type { ApplicationDetail } from '#lib/types'

export interface ApplicationContextValue {
  detail: ApplicationDetail
  /** The application's address: `/applications/<key>`. */
  base: string
  /** Loads the application again after an action changed it. */
  reload: () => Promise<void>
  /** A message about what the last action did, shown on the part at `at` (the answers by default). */
  flash: (message: string, at?: string) => void
  statusLabel: (id: string) => string
}

export const ApplicationContext = createContext<ApplicationContextValue | undefined>(undefined)

export function useApplication(): ApplicationContextValue {
  const value = useContext(ApplicationContext)
  if (!value) throw new Error('useApplication outside ApplicationScreen')
  return value
}
