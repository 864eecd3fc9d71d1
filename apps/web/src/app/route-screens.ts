// Each route's screen, loaded on demand and fetchable ahead of time. A question screen arrives with
// the deep-link guard and the prefetching of the screens that may follow it (question-screen.tsx):
// both need the whole journey table, which is why they load with the question screens and not
// with the page (the start screen's budget, docs/requirements.md#performance).

import { matchRoute, type Parser } from 'wouter'
import { preloadableScreen, type PreloadableScreen, type ScreenModule } from './preloadable-screen'
import { routes, type AppRoute } from './routes'

export interface RouteScreen extends PreloadableScreen {
  route: AppRoute
  isQuestion: boolean
}

function loadQuestion(load: AppRoute['load']): () => Promise<ScreenModule> {
  return () =>
    Promise.all([import('#journey/question-screen'), load()]).then(
      ([{ questionScreen }, { default: Screen }]) => ({
        default: questionScreen(Screen, preloadPath),
      }),
    )
}

export const routeScreens: readonly RouteScreen[] = routes.map((route) => {
  const isQuestion = route.kind === 'question'
  return {
    route,
    isQuestion,
    ...preloadableScreen(isQuestion ? loadQuestion(route.load) : route.load),
  }
})

/**
 * Starts loading the screen that `path` (query and fragment ignored) shows. Resolves false when
 * no route shows it or its code did not load.
 */
export function preloadPath(parser: Parser, path: string): Promise<boolean> {
  const pathname = path.split(/[?#]/)[0] ?? ''
  const found = routeScreens.find(({ route }) => matchRoute(parser, route.path, pathname)[0])
  return found ? found.preload() : Promise.resolve(false)
}
