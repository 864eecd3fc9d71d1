import { matchRoute, useLocation, useRouter } from 'wouter'
import { routes, type AppRoute } from './routes'

/** The entry of the route table that matches the current path, if any. */
export function useCurrentRoute(): AppRoute | undefined {
  const { parser } = useRouter()
  const [location] = useLocation()
  return routes.find((route) => matchRoute(parser, route.path, location)[0])
}
