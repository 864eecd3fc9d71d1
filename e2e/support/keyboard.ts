// Helpers that walk the journey with the keyboard alone: Tab and Shift+Tab to move, Space, Enter and the
// arrow keys to act, typing to answer; never a click or a fill. Every element focus stops on along the
// way is checked: on screen, not covered by anything, and with a visible focus indicator (WCAG 2.4.7,
// 2.4.11); every screen's heading takes focus on arrival (docs/requirements.md#accessibility).
import { expect, type ElementHandle, type Locator, type Page } from '@playwright/test'
import { expectProgress } from './journey'

/** Most Tab presses between two controls (the check page has a Change link per answer). */
const MAX_PRESSES = 100

export interface FocusReport {
  /** Tag, id, role or text: enough to find the element in a failure message. */
  element: string
  /** Why the focused element fails the checks; empty when it passes. */
  problems: string[]
}

/**
 * Checks the focused element in the page: it has a size and is inside the viewport, nothing covers its
 * centre, and (unless it took focus programmatically, tabindex -1) it draws a focus indicator: an outline
 * of 2 px or more, or a box shadow, in a colour that is not transparent.
 */
function inspectFocus(target: Element | null | undefined): {
  report: FocusReport
  isTarget: boolean
  targetIsBefore: boolean
} {
  const element = document.activeElement
  const name = (node: Element | null): string => {
    if (node === null) return 'nothing'
    const id = node.id ? `#${node.id}` : ''
    const text = (node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 40)
    return `<${node.tagName.toLowerCase()}${id}>${text ? ` "${text}"` : ''}`
  }
  const problems: string[] = []
  if (element === null || element === document.body) {
    problems.push('focus is on nothing (the page body)')
  } else {
    const box = element.getBoundingClientRect()
    const style = getComputedStyle(element)
    if (box.width === 0 || box.height === 0) problems.push('it has no size')
    if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) {
      problems.push(`it is outside the viewport (${Math.round(box.top)} px from the top)`)
    }
    if (style.visibility !== 'visible' || Number(style.opacity) < 0.1)
      problems.push('it is invisible')
    // The centre of the part inside the viewport must be the element itself (or its own content, or a
    // label of it): anything else on top (a sticky bar, a banner, a modal backdrop) hides it. A link
    // that wraps onto two lines has a box per line: one of them must show.
    const labels = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])] : []
    const owns = (node: Element | null) =>
      node !== null &&
      (node === element || element.contains(node) || labels.some((label) => label.contains(node)))
    const tops = [...element.getClientRects()].map((part) =>
      document.elementFromPoint(
        Math.min(Math.max(part.left + part.width / 2, 0), innerWidth - 1),
        Math.min(Math.max(part.top + part.height / 2, 0), innerHeight - 1),
      ),
    )
    if (!tops.some(owns)) problems.push(`it is covered by ${name(tops[0] ?? null)}`)
    const programmatic = element.getAttribute('tabindex') === '-1'
    if (!programmatic) {
      const transparent = (colour: string) =>
        colour === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(colour)
      const outline =
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) >= 2 &&
        !transparent(style.outlineColor)
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== ''
      if (!outline && !shadow) {
        problems.push(
          `it has no visible focus indicator (outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}, box-shadow ${style.boxShadow})`,
        )
      }
    }
  }
  const isTarget = target !== null && target !== undefined && element === target
  const targetIsBefore =
    target !== null &&
    target !== undefined &&
    element !== null &&
    element !== target &&
    Boolean(element.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_PRECEDING)
  return { report: { element: name(element), problems }, isTarget, targetIsBefore }
}

/** The focused element passes the visibility and indicator checks. */
export async function expectFocusVisible(page: Page, when: string): Promise<void> {
  const { report } = await page.evaluate(inspectFocus, null)
  expect(report.problems, `${when}: the focused ${report.element}`).toEqual([])
}

/**
 * Presses Tab (or Shift+Tab, when the target comes earlier in the page) until `target` has focus, as a
 * keyboard user would, checking every element focus stops on. Fails after 100 presses.
 */
export async function tabTo(page: Page, target: Locator, describe: string): Promise<void> {
  await expect(target, `${describe} is on the screen`).toBeVisible()
  const handle = (await target.elementHandle()) as ElementHandle<Element>
  try {
    let state = await page.evaluate(inspectFocus, handle)
    if (state.isTarget) return
    const key = state.targetIsBefore ? 'Shift+Tab' : 'Tab'
    for (let presses = 0; presses < MAX_PRESSES; presses += 1) {
      await page.keyboard.press(key)
      state = await page.evaluate(inspectFocus, handle)
      expect(
        state.report.problems,
        `${key} towards ${describe}: the focused ${state.report.element}`,
      ).toEqual([])
      if (state.isTarget) return
    }
    throw new Error(`${MAX_PRESSES} presses of ${key} never reached ${describe}`)
  } finally {
    await handle.dispose()
  }
}

/**
 * Tabs to a text box, selects what it holds (Control+A) and types `text` over it; the box then shows
 * `shown` (a field may drop what it never accepts, such as the spaces of a phone number).
 */
export async function typeInto(
  page: Page,
  box: Locator,
  text: string,
  describe: string,
  shown = text,
) {
  await tabTo(page, box, describe)
  await page.keyboard.press('Control+A')
  await page.keyboard.type(text)
  await expect(box, describe).toHaveValue(shown)
}

/** Tabs to a checkbox and ticks it with Space. */
export async function tick(page: Page, checkbox: Locator, describe: string) {
  await tabTo(page, checkbox, describe)
  await page.keyboard.press('Space')
  await expect(checkbox, describe).toBeChecked()
}

/**
 * Picks a radio as a keyboard user does: Tab into the group (focus lands on its checked radio, or the
 * first), then the arrow keys, which move and check; Space checks the first when nothing was checked.
 */
export async function chooseRadio(page: Page, group: Locator, option: string | RegExp) {
  const radios = group.getByRole('radio')
  const wanted = group.getByRole('radio', { name: option, exact: typeof option === 'string' })
  const count = await radios.count()
  const describe = `the radio "${String(option)}"`
  // Entering the group lands on one radio of it: whichever the browser picks.
  const handles = await radios.elementHandles()
  const inGroup = async () =>
    page.evaluate((all) => all.includes(document.activeElement as Element), handles)
  if (!(await inGroup())) {
    let reached = false
    for (let presses = 0; presses < MAX_PRESSES && !reached; presses += 1) {
      await page.keyboard.press('Tab')
      await expectFocusVisible(page, `Tab towards ${describe}`)
      reached = await inGroup()
    }
    if (!reached) throw new Error(`Tab never reached the group of ${describe}`)
  }
  for (const handle of handles) await handle.dispose()
  if (!(await wanted.evaluate((radio) => radio === document.activeElement))) {
    // Down (or right) moves on and wraps at the end, so at most count - 1 presses reach any radio.
    for (let presses = 0; presses < count; presses += 1) {
      await page.keyboard.press('ArrowDown')
      await expectFocusVisible(page, `ArrowDown towards ${describe}`)
      if (await wanted.evaluate((radio) => radio === document.activeElement)) break
    }
  }
  await expect(wanted, describe).toBeFocused()
  if (!(await wanted.isChecked())) await page.keyboard.press('Space')
  await expect(wanted, describe).toBeChecked()
}

/** Tabs to a drop-down and moves through its options with the arrow keys until `label` is chosen. */
export async function chooseOption(page: Page, select: Locator, label: string, describe: string) {
  await tabTo(page, select, describe)
  const labels = await select.locator('option').allTextContents()
  const wanted = labels.findIndex((text) => text.trim() === label)
  expect(wanted, `${describe} offers "${label}"`).toBeGreaterThanOrEqual(0)
  const current = await select.evaluate((element) => (element as HTMLSelectElement).selectedIndex)
  const key = wanted >= current ? 'ArrowDown' : 'ArrowUp'
  for (let presses = 0; presses < Math.abs(wanted - current); presses += 1) {
    await page.keyboard.press(key)
  }
  await expect
    .poll(() => select.evaluate((element) => (element as HTMLSelectElement).selectedIndex))
    .toBe(wanted)
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Arrived on the screen at `path`: its heading has focus and is visible. */
export async function arriveAt(page: Page, path: string | RegExp): Promise<void> {
  await expect(page).toHaveURL(typeof path === 'string' ? new RegExp(`${escape(path)}$`) : path)
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading, `the heading of ${String(path)} has focus`).toBeFocused()
  await expectFocusVisible(page, `arriving at ${String(path)}`)
}

/** Tabs to the screen's Continue (or Submit application) button and presses Enter. */
export async function pressContinue(page: Page, name: string | RegExp = 'Continue') {
  const before = page.url()
  const button = page.getByRole('button', { name, exact: typeof name === 'string' })
  // Answers are committed after a short debounce (years/months 100 ms, docs/requirements.md#histories), as after a person's pause.
  await page.waitForTimeout(200)
  await tabTo(page, button, `the ${String(name)} button`)
  await page.keyboard.press('Enter')
  await expect(page).not.toHaveURL(before)
}

/** One screen with the keyboard alone: arrive (heading focused), answer, then Continue by keyboard. */
export async function keyboardStep(
  page: Page,
  path: string | RegExp,
  answer: () => Promise<void>,
  continueName?: string | RegExp,
): Promise<void> {
  await arriveAt(page, path)
  // Each screen of the journey reads the progress bar: never lower than before, below 100 until
  // the check page's agreement (journey.ts).
  await expectProgress(page, new URL(page.url()).pathname)
  await answer()
  await pressContinue(page, continueName)
}
