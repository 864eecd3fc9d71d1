// The signed-in operator, loaded once from the server and cleared on sign-out or when any call
// answers 401 (the 30-minute idle or 12-hour limit, or "sign out everywhere" from another browser).

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { ApiError, get, onSessionEnded, post, rememberCsrfToken } from '#lib/api'
import { forgetAll } from '#lib/remembered'
import type { Permission, Session } from '#lib/types'

/** Why the user is on the sign-in screen, said there. */
export type SignedOutReason = 'expired' | 'signed-out' | 'signed-out-everywhere' | undefined

interface SessionState {
  /** undefined while the first answer is awaited; null when nobody is signed in. */
  session: Session | null | undefined
  signedOutReason: SignedOutReason
  /** The server could not be reached at start-up. */
  unreachable: boolean
  signedIn: (session: Session) => void
  signOut: (everywhere?: boolean) => Promise<void>
  can: (permission: Permission) => boolean
}

const SessionContext = createContext<SessionState | undefined>(undefined)

export function SessionProvider({
  children,
  initial,
}: {
  children: ReactNode
  /** Tests start signed in (or out) without the first call. */
  initial?: Session | null
}) {
  const [session, setSession] = useState<Session | null | undefined>(initial)
  const [signedOutReason, setSignedOutReason] = useState<SignedOutReason>(undefined)
  const [unreachable, setUnreachable] = useState(false)

  useEffect(() => {
    if (initial !== undefined) return
    let live = true
    get('GET /api/back-office/session', { unauthorisedIsExpected: true })
      .then((answer) => {
        if (!live) return
        rememberCsrfToken(answer.csrfToken)
        setSession(answer)
      })
      .catch((error: unknown) => {
        if (!live) return
        if (error instanceof ApiError && error.status === 401) setSession(null)
        else setUnreachable(true)
      })
    return () => {
      live = false
    }
  }, [initial])

  const current = useRef(session)
  useEffect(() => {
    current.current = session
  }, [session])

  useEffect(() => {
    onSessionEnded(() => {
      if (current.current) setSignedOutReason('expired')
      forgetAll()
      setSession(null)
    })
    return () => onSessionEnded(undefined)
  }, [])

  const signedIn = useCallback((answer: Session) => {
    rememberCsrfToken(answer.csrfToken)
    setSignedOutReason(undefined)
    setSession(answer)
  }, [])

  const signOut = useCallback(async (everywhere = false) => {
    try {
      await post(
        everywhere ? 'POST /api/back-office/sign-out-everywhere' : 'POST /api/back-office/sign-out',
        { unauthorisedIsExpected: true },
      )
    } finally {
      forgetAll()
      setSignedOutReason(everywhere ? 'signed-out-everywhere' : 'signed-out')
      setSession(null)
    }
  }, [])

  const value = useMemo<SessionState>(
    () => ({
      session,
      signedOutReason,
      unreachable,
      signedIn,
      signOut,
      can: (permission) => session?.permissions.includes(permission) ?? false,
    }),
    [session, signedOutReason, unreachable, signedIn, signOut],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): SessionState {
  const value = useContext(SessionContext)
  if (!value) throw new Error('useSession outside SessionProvider')
  return value
}

/** The signed-in operator's session; only for screens behind the sign-in. */
export function useSignedIn(): Session {
  const { session } = useSession()
  if (!session) throw new Error('useSignedIn on a screen shown without a session')
  return session
}
