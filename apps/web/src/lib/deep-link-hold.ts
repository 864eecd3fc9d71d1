// A question's pre-rendered page is on screen before the app's scripts run (docs/decisions/1941);
// when the deep-link guard will move the applicant on, that question must not show meanwhile
// (docs/decisions/2156). A few lines run in the page's head, before its first paint, judge what they
// can from session storage and hide the page's main content until the app has taken over: a new
// visitor on a question they may not open yet (known when the page is built), or an applicant whose
// last question screen left the list of the paths they may open.
// Imports nothing: its code goes into the question frame's chunk alone, never into the entry's.

/** On <html> of a question's page that the guard moves a new visitor on from. */
export const NEW_VISITOR_MOVES_ON_ATTRIBUTE = 'data-new-visitor-moves-on'
/** On <html> while the page's main content is held back for the app to decide. */
export const HOLD_ATTRIBUTE = 'data-deep-link-hold'
/** Where the application's state is saved: session-store.ts's STORAGE_KEY (deep-link-hold.test.ts). */
export const STATE_KEY = 'forecourt.application'
/** The paths this application may open, kept by the question screens. */
export const OPEN_PATHS_KEY = 'forecourt.open-paths'

export interface OpenPaths {
  applicationId: string
  paths: string[]
}

/**
 * The script, as it goes into the page (its hash is in the page's policy). Hidden only when it is
 * sure: no saved answers on a page a new visitor is moved on from, or a list of open paths of this
 * very application without this path. Anything else (storage blocked, a list of another
 * application, none kept yet) shows the page as before.
 */
export const DEEP_LINK_HOLD_SCRIPT =
  '(function(){try{' +
  'var d=document.documentElement,s=sessionStorage,a=s.getItem("' +
  STATE_KEY +
  '"),o=JSON.parse(s.getItem("' +
  OPEN_PATHS_KEY +
  '")||"null"),h=false;' +
  'if(a===null)h=d.hasAttribute("' +
  NEW_VISITOR_MOVES_ON_ATTRIBUTE +
  '");' +
  'else if(o&&o.applicationId===JSON.parse(a).applicationId)' +
  'h=o.paths.indexOf(location.pathname)<0;' +
  'if(h)d.setAttribute("' +
  HOLD_ATTRIBUTE +
  '","")' +
  '}catch(e){}})()'

export function writeOpenPaths(open: OpenPaths): void {
  try {
    sessionStorage.setItem(OPEN_PATHS_KEY, JSON.stringify(open))
  } catch {
    // Storage blocked: the page shows the question until the app decides, as before.
  }
}
