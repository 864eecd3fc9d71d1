// A pre-rendered page is on screen, its buttons with it, before the app's scripts have run
// (docs/decisions/1411, 1941). A button pressed in that time has no handler yet, and on a slow
// phone that time is seconds: "terms and conditions" or "Accept analytics cookies" pressed then
// did nothing (docs/decisions/2172). A few lines in the page's head note the buttons so pressed, in
// order; the component that owns one, when it first renders, acts on its press.
// Imports nothing: it costs the start page's JavaScript only the few lines that read the note.

/** On a button whose press, made before the app took over, is acted on when it has. */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click'
/** On <html>: the `data-early-click` names of the buttons pressed, space-separated, last pressed last. */
export const EARLY_CLICKED_ATTRIBUTE = 'data-early-clicked'
/** On <html> once the first screen has rendered: presses are the app's own from then on. */
export const TAKEN_OVER_ATTRIBUTE = 'data-taken-over'

/** The script, as it goes into the page's head (its hash is in the page's policy). */
export const EARLY_CLICK_SCRIPT =
  '(function(){var d=document.documentElement;' +
  'addEventListener("click",function(e){' +
  'var b=e.target&&e.target.closest&&e.target.closest("[' +
  EARLY_CLICK_ATTRIBUTE +
  ']");' +
  'if(!b||d.hasAttribute("' +
  TAKEN_OVER_ATTRIBUTE +
  '"))return;' +
  'var n=b.getAttribute("' +
  EARLY_CLICK_ATTRIBUTE +
  '"),l=(d.getAttribute("' +
  EARLY_CLICKED_ATTRIBUTE +
  '")||"").split(" ").filter(function(x){return x&&x!==n});' +
  'l.push(n);d.setAttribute("' +
  EARLY_CLICKED_ATTRIBUTE +
  '",l.join(" "))},true)})()'

/**
 * Which of the buttons `names` was pressed last before the app took over, if any; their presses
 * are then spent, so a press is acted on once.
 */
export function takeEarlyClick(...names: string[]): string | undefined {
  const html = document.documentElement
  const pressed = html.getAttribute(EARLY_CLICKED_ATTRIBUTE)?.split(' ') ?? []
  html.setAttribute(
    EARLY_CLICKED_ATTRIBUTE,
    pressed.filter((name) => !names.includes(name)).join(' '),
  )
  return pressed.findLast((name) => names.includes(name))
}

/**
 * The first screen has rendered, its components' effects first: a press noted and not taken by
 * now belongs to nothing on screen, and later presses are handled as they come.
 */
export function endEarlyClicks(): void {
  const html = document.documentElement
  html.setAttribute(TAKEN_OVER_ATTRIBUTE, '')
  html.removeAttribute(EARLY_CLICKED_ATTRIBUTE)
}
