// The question kit (decision 2181): the code that two or more screens share, and that the start page
// never loads, as one chunk. A screen's chunk then imports the kit and little else, so a screen
// fetched ahead of time arrives with everything it needs in one round trip instead of discovering its
// components one request after another; and one file compresses better than forty small ones.
import type { Plugin } from 'vite'

const APP_SOURCE = /(?:apps\/web\/src|packages\/(?:ui|domain)\/src)\//
/** The modules whose dynamic imports are the route table's screens: the start page does not follow them. */
const ROUTE_TABLE = /src\/app\/(?:routes|route-screens)\.ts$/
const START_SCREEN = /src\/screens\/start\/start-screen\.tsx$/

export function questionKit(): { plugin: Plugin; test: (id: string) => boolean } {
  /** Everything the start page can load without going to another screen, its modals included. */
  const startPage = new Set<string>()
  /** Every module that is imported dynamically: a screen, or a part loaded on demand, keeps its own chunk. */
  const loadedOnDemand = new Set<string>()
  const plugin: Plugin = {
    name: 'forecourt:question-kit',
    apply: 'build',
    buildEnd() {
      const roots: string[] = []
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id)
        if (!info) continue
        if (info.isEntry || START_SCREEN.test(id)) roots.push(id)
        for (const dynamic of info.dynamicallyImportedIds) loadedOnDemand.add(dynamic)
      }
      const stack = roots
      while (stack.length > 0) {
        const id = stack.pop() as string
        if (startPage.has(id)) continue
        startPage.add(id)
        const info = this.getModuleInfo(id)
        if (!info) continue
        stack.push(...info.importedIds)
        if (!ROUTE_TABLE.test(id)) stack.push(...info.dynamicallyImportedIds)
      }
    },
  }
  const test = (id: string) =>
    APP_SOURCE.test(id) && !startPage.has(id) && !loadedOnDemand.has(id) && !id.endsWith('.css')
  return { plugin, test }
}
