// What the applicant does on a pre-rendered page before the app takes over survives the browser's
// first render, which replaces the page's markup (docs/decisions/2128): the answers typed, chosen or
// ticked are given to the new fields through the fields' own change and blur handlers (so drafts,
// clean-up and padding apply as if the app had been there), and focus and caret go back where they
// were. Read from the page's own elements when the render removes them: what was typed while the
// code loaded and while React rendered counts too.

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** An answer the applicant gave before the app took over, with the key that finds its field again. */
export interface TypedAnswer {
  key: string
  /** The text, the chosen option's value, or the radio's or checkbox's value. */
  value: string
  /** For a radio or a checkbox: ticked or not. */
  checked?: boolean
}

/** Where focus was: the element's key, and for a text field its selection. */
export interface KeptFocus {
  key: string
  selection?: [start: number, end: number, direction: 'forward' | 'backward' | 'none']
}

const CONTROLS = 'input,select,textarea'
const FOCUSABLE = 'a[href],button,input,select,textarea,[tabindex]'

const isChoice = (control: Control): control is HTMLInputElement =>
  control.type === 'checkbox' || control.type === 'radio'

/** Inputs a key types no text into: a box, a slider, a button. */
const TYPES_WITHOUT_TEXT = new Set([
  'checkbox',
  'radio',
  'range',
  'color',
  'file',
  'hidden',
  'button',
  'submit',
  'reset',
  'image',
])

/** A field a character key types into: a text-like input or a textarea. */
const takesText = (element: Element): element is HTMLInputElement | HTMLTextAreaElement =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && !TYPES_WITHOUT_TEXT.has(element.type))

/** A field is found again by its id; a radio without one by its group and value. */
function controlKey(control: Control): string | undefined {
  if (control.id) return `#${control.id}`
  return control.name ? `${control.name}=${control.value}` : undefined
}

/** The fields whose value is no longer the one the page arrived with, in the page's order. */
export function readTyped(controls: Iterable<Element>): TypedAnswer[] {
  const typed: TypedAnswer[] = []
  for (const control of controls as Iterable<Control>) {
    const key = controlKey(control)
    if (!key || control.disabled) continue
    const changed =
      control instanceof HTMLSelectElement
        ? [...control.options].some((option) => option.selected !== option.defaultSelected)
        : isChoice(control)
          ? control.checked !== control.defaultChecked
          : control.value !== control.defaultValue
    if (!changed) continue
    typed.push(
      isChoice(control)
        ? { key, value: control.value, checked: control.checked }
        : { key, value: control.value },
    )
  }
  return typed
}

function find(root: ParentNode, key: string): Control | undefined {
  for (const control of root.querySelectorAll<Control>(CONTROLS)) {
    if (controlKey(control) === key) return control
  }
  return undefined
}

/**
 * Gives each answer to the field of the same key under `root` as a person would: the text through
 * the input event, an option through the change event, a box by a click. A field that is not there
 * (the applicant was sent elsewhere) or is disabled (a submitted application) is left alone. Returns
 * the fields given an answer. Called outside React's own work, where React renders a controlled
 * field's change before the event's dispatch returns: a handler that builds on its field's value
 * (the date's parts) sees the part given before it.
 */
export function replayTyped(root: ParentNode, typed: readonly TypedAnswer[]): Control[] {
  const given: Control[] = []
  for (const { key, value, checked } of typed) {
    // Looked up one at a time: an answer can reveal the next field (Yes shows the deposit type).
    const control = find(root, key)
    if (!control || control.disabled) continue
    if (isChoice(control)) {
      // A radio cannot be unticked by hand: only the one chosen counts.
      if (control.checked === checked || (!checked && control.type === 'radio')) continue
      control.click()
    } else if (control.value !== value) {
      giveValue(control, value)
    } else continue
    given.push(control)
  }
  return given
}

/** A field's new text or option, given as a person's input: its own handler sees the change. */
function giveValue(control: Control, value: string): void {
  // The prototype's setter, not the element's own: React watches the latter and would take the
  // new text for its own and miss the change.
  const prototype = Object.getPrototypeOf(control) as object
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value)
  const type = control instanceof HTMLSelectElement ? 'change' : 'input'
  control.dispatchEvent(new Event(type, { bubbles: true }))
}

/** An element without an id is the nth focusable one of its kind and text under `root`. */
function focusKey(root: ParentNode, element: Element): string {
  if (element.id) return `#${element.id}`
  const text = element.textContent?.trim() ?? ''
  const twins = [...root.querySelectorAll(FOCUSABLE)].filter(
    (other) => other.tagName === element.tagName && (other.textContent?.trim() ?? '') === text,
  )
  return `${element.tagName}|${text}|${twins.indexOf(element)}`
}

/** Where focus is in `element`, under `root`. */
export function readFocus(root: ParentNode, element: Element): KeptFocus {
  const focus: KeptFocus = { key: focusKey(root, element) }
  // Only text-like fields have a caret; reading it from others throws or gives null.
  try {
    const field = element as HTMLInputElement
    if (typeof field.selectionStart === 'number' && typeof field.selectionEnd === 'number') {
      focus.selection = [
        field.selectionStart,
        field.selectionEnd,
        field.selectionDirection ?? 'none',
      ]
    }
  } catch {
    // A field without a caret (a number, a radio).
  }
  return focus
}

/** Focus, and the caret, back on the element of the same key under `root`, if it is there. */
export function restoreFocus(root: ParentNode, focus: KeptFocus): boolean {
  const element = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
    (candidate) => focusKey(root, candidate) === focus.key,
  )
  if (!element) return false
  // Scrolled as the applicant left it: nothing moved under them.
  element.focus({ preventScroll: true })
  if (focus.selection && element instanceof HTMLInputElement) {
    try {
      element.setSelectionRange(...focus.selection)
    } catch {
      // The new field takes no selection.
    }
  }
  return document.activeElement === element
}

/**
 * Starts watching the pre-rendered page in `root`. The returned function is for the app's first
 * render to call once its effects have run (so a screen's own start-up cannot overwrite an answer).
 * Just after, outside React's work (inside it, the changes would be batched and each handler would
 * see the fields as they were), it carries across what the applicant did on the page the render
 * replaced: the answers, then focus and caret, then the leaving of each field answered but no
 * longer focused (its blur handler pads or checks what was typed). Later calls do nothing.
 */
export function watchTyped(root: HTMLElement): () => void {
  const before = [...root.childNodes]
  const path = location.pathname
  const controls = [...root.querySelectorAll(CONTROLS)]
  let focused: Element | null = root.contains(document.activeElement)
    ? document.activeElement
    : null
  const onFocusIn = (event: FocusEvent) => {
    focused = event.target instanceof Element && root.contains(event.target) ? event.target : null
  }
  const onFocusOut = (event: FocusEvent) => {
    const left = event.target
    // The render's removal of the focused field blurs it too, while it is still in the page: it
    // counts as left only if it is still there once the event is over.
    if (left === focused && event.relatedTarget === null) {
      queueMicrotask(() => {
        if (left === focused && (left as Element).isConnected) focused = null
      })
    }
  }
  // The render removes the focused field in its commit, and gives focus back only after its effects,
  // which can run a task later: keys pressed in between reach no field. Kept, and typed into the
  // field once it has its answer back.
  const keysInBetween: string[] = []
  const onKeyDown = (event: KeyboardEvent) => {
    // Only keys that were typing: on a button, a link or a box they type nothing (and a button has
    // no caret to type them at: setting one threw and stopped the carrying).
    if (!focused || focused.isConnected || !takesText(focused) || event.isComposing) return
    if (event.ctrlKey || event.metaKey || event.altKey) return
    if ([...event.key].length !== 1 && event.key !== 'Backspace') return
    keysInBetween.push(event.key)
    event.preventDefault()
  }
  document.addEventListener('focusin', onFocusIn)
  document.addEventListener('focusout', onFocusOut)
  document.addEventListener('keydown', onKeyDown, true)
  let done = false
  const carry = () => {
    document.removeEventListener('focusin', onFocusIn)
    document.removeEventListener('focusout', onFocusOut)
    document.removeEventListener('keydown', onKeyDown, true)
    // Still on screen: nothing replaced the page, so nothing was lost. Moved on by the deep-link
    // guard: what was typed answers a question not asked yet, and the new screen's heading has
    // focus (a field or button of the same name there is another one).
    if (before.some((node) => node.isConnected) || location.pathname !== path) return
    const focus = focused && !focused.isConnected ? readFocus(detached(before), focused) : null
    const given = replayTyped(root, readTyped(controls))
    if (focus && restoreFocus(root, focus) && keysInBetween.length > 0) {
      const field = document.activeElement
      if (field && typeKeys(field, keysInBetween) && !given.includes(field as Control)) {
        given.push(field as Control)
      }
    }
    for (const control of given) {
      if (control !== document.activeElement) {
        control.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
      }
    }
  }
  return () => {
    if (done) return
    done = true
    queueMicrotask(() => {
      carry()
      // The app's first render is in: what it shows is its own judgement, no longer held back by
      // the page's script (lib/deep-link-hold.ts, docs/decisions/2156). Named here, not imported:
      // this chunk imports nothing, or the bundler splits the entry.
      document.documentElement.removeAttribute('data-deep-link-hold')
    })
  }
}

/**
 * Types `keys` (characters, and Backspace) into a text field at its caret, through its own input
 * handler as replayTyped does. Returns whether the field took them (a box, a slider or a button
 * takes no text).
 */
function typeKeys(field: Element, keys: readonly string[]): boolean {
  if (!takesText(field)) return false
  let value = field.value
  let start: number
  let end: number
  // An email field has no caret to read or set (null, and setSelectionRange throws): the keys go at
  // its end, as they would after a tap.
  let hasCaret: boolean
  try {
    hasCaret = field.selectionStart !== null
    start = field.selectionStart ?? value.length
    end = field.selectionEnd ?? start
  } catch {
    return false
  }
  for (const key of keys) {
    if (key === 'Backspace') {
      if (start === end && start > 0) start -= 1
      value = value.slice(0, start) + value.slice(end)
    } else {
      value = value.slice(0, start) + key + value.slice(end)
      start += key.length
    }
    end = start
  }
  giveValue(field, value)
  // The handler may have reformatted the text (a thousands comma): the caret stays off its end only
  // when the text is as typed.
  const caret = field.value === value ? start : field.value.length
  if (hasCaret) field.setSelectionRange(caret, caret)
  return true
}

/** The pre-rendered nodes, out of the page now, under one parent again: where a focus key is read. */
function detached(nodes: readonly Node[]): ParentNode {
  const holder = document.createElement('div')
  holder.append(...nodes)
  return holder
}
