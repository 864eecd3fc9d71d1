// What an applicant does on a pre-rendered page before the app takes over reaches the app's own
// fields and their handlers once its first render has replaced the page (docs/decisions/2128):
// the real controls, rendered to markup as the build does, then rendered afresh over it.

import { act } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, expect, test } from 'vitest'
import type { DateParts } from '@forecourt/domain/fields/date-of-birth'
import { Checkbox } from '#components/form/checkbox/checkbox'
import { DateOfBirth } from '#components/form/date-of-birth/date-of-birth'
import { Dropdown } from '#components/form/dropdown/dropdown'
import { NumberInput } from '#components/form/number-input/number-input'
import { RadioGroup } from '#components/form/radio-group/radio-group'
import { Slider } from '#components/form/slider/slider'
import { TextInput } from '#components/form/text-input/text-input'
import { useNumberDraft } from '#journey/use-field-draft'
import { readTyped, replayTyped, watchTyped } from './keep-typed'

interface Answers {
  name: string
  amount: number | null
  dob: DateParts
  status: string
  bedrooms: string
  agreed: boolean
  years: string
}

const EMPTY: Answers = {
  name: '',
  amount: null,
  dob: { day: '', month: '', year: '' },
  status: '',
  bedrooms: '',
  agreed: false,
  years: '',
}

/** What the fields' handlers last gave the app: its state. */
let answers: Answers
/** The saved answers the app starts from (the pre-render always starts empty). */
let saved: Answers

function Question({ from }: { from: Answers }) {
  const [state, setState] = useState(from)
  const set = (change: Partial<Answers>) => {
    setState((current) => ({ ...current, ...change }))
    answers = { ...answers, ...change }
  }
  const amount = useNumberDraft(state.amount, (value) => set({ amount: value }))
  return (
    <form>
      <TextInput id="name" label="Name" value={state.name} onChange={(name) => set({ name })} />
      <NumberInput
        id="amount"
        label="Amount"
        prefix="£"
        value={amount.value}
        onChange={amount.onChange}
      />
      <DateOfBirth
        id="dob"
        label="Date of birth"
        value={state.dob}
        onChange={(dob) => set({ dob })}
      />
      <RadioGroup
        id="status"
        label="Status"
        options={[
          { value: 'Single', label: 'Single' },
          { value: 'Married', label: 'Married' },
        ]}
        value={state.status}
        onChange={(status) => set({ status })}
      />
      <Dropdown
        id="bedrooms"
        label="Bedrooms"
        options={['1', '2', '3'].map((value) => ({ value, label: value }))}
        value={state.bedrooms}
        onChange={(bedrooms) => set({ bedrooms })}
      />
      <Checkbox
        id="agreed"
        label="I agree"
        value={state.agreed}
        onChange={(agreed) => set({ agreed })}
      />
      <Slider
        id="years"
        label="Years"
        min={1}
        max={7}
        unit={{ one: 'year', other: 'years' }}
        typedLabel="Or type the number of years"
        value={state.years}
        onChange={(years) => set({ years })}
      />
      <a href="/next">Next</a>
      <button type="button">Go</button>
    </form>
  )
}

/** What PageRoot's `afterFirstRender` does: its effect comes after the tree's. */
function AfterFirstRender({ run }: { run: () => void }) {
  useEffect(run, [run])
  return null
}

let container: HTMLElement
let root: Root | undefined

beforeEach(() => {
  answers = { ...EMPTY }
  saved = { ...EMPTY }
  container = document.createElement('div')
  container.id = 'root'
  container.innerHTML = renderToString(<Question from={EMPTY} />)
  document.body.append(container)
})

afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  container.remove()
})

const field = <T extends Element = HTMLInputElement>(selector: string) =>
  container.querySelector<T>(selector)!

/** The app's first render over the page, with what `watchTyped` returned run after its effects. */
async function takeOver(carry: () => void) {
  await act(async () => {
    root = createRoot(container)
    root.render(
      <>
        <Question from={saved} />
        <AfterFirstRender run={carry} />
      </>,
    )
  })
  // The carrying waits for a microtask after the effects.
  await act(async () => {
    await Promise.resolve()
  })
}

test('every kind of control keeps what was typed, chosen or ticked, through its own handler', async () => {
  const prerendered = { name: field('#name'), year: field('#dob-year') }
  field('#name').value = 'Ada'
  field('#amount').value = '12,500'
  // A single digit: the part pads it when left, as it does with the app there.
  field('#dob').value = '7'
  field('#dob-month').value = '03'
  field('#dob-year').value = '1990'
  field('#status-2').click()
  field<HTMLSelectElement>('#bedrooms').value = '3'
  field('#agreed').click()
  field('#years').value = '6'
  const carry = watchTyped(container)
  // Focus and caret move while the code loads.
  prerendered.year.focus()
  prerendered.year.setSelectionRange(2, 2)

  await takeOver(carry)

  expect(prerendered.name.isConnected).toBe(false)
  expect(answers).toEqual({
    name: 'Ada',
    amount: 12500,
    dob: { day: '07', month: '03', year: '1990' },
    status: 'Married',
    bedrooms: '3',
    agreed: true,
    years: '6',
  })
  expect(field('#name').value).toBe('Ada')
  expect(field('#amount').value).toBe('12,500')
  expect([field('#dob').value, field('#dob-month').value, field('#dob-year').value]).toEqual([
    '07',
    '03',
    '1990',
  ])
  expect(field('#status').checked).toBe(false)
  expect(field('#status-2').checked).toBe(true)
  expect(field<HTMLSelectElement>('#bedrooms').value).toBe('3')
  expect(field('#agreed').checked).toBe(true)
  expect(field('#years').value).toBe('6')
  expect(field('#years-typed').value).toBe('6')
  expect(document.activeElement).toBe(field('#dob-year'))
  expect([field('#dob-year').selectionStart, field('#dob-year').selectionEnd]).toEqual([2, 2])
})

test('a field left as the page brought it keeps the saved answer the app shows', async () => {
  saved = { ...EMPTY, name: 'Grace', agreed: true, bedrooms: '2' }
  // Typed and deleted again, ticked and unticked again: not an answer.
  field('#name').value = 'x'
  field('#name').value = ''
  field('#agreed').click()
  field('#agreed').click()
  field('#dob').value = '12'

  await takeOver(watchTyped(container))

  expect(field('#name').value).toBe('Grace')
  expect(field('#agreed').checked).toBe(true)
  expect(field<HTMLSelectElement>('#bedrooms').value).toBe('2')
  expect(field('#dob').value).toBe('12')
  expect(answers).toEqual({ ...EMPTY, dob: { day: '12', month: '', year: '' } })
})

test('focus on a link without an id goes back to the same link', async () => {
  const carry = watchTyped(container)
  field<HTMLAnchorElement>('a').focus()

  await takeOver(carry)

  expect(document.activeElement).toBe(field('a'))
  expect(document.activeElement?.isConnected).toBe(true)
})

test('focus that left the page for nothing before the render stays where it went', async () => {
  const carry = watchTyped(container)
  field('#name').focus()
  field('#name').blur()
  await act(async () => {
    await Promise.resolve()
  })

  await takeOver(carry)

  expect(document.activeElement).toBe(document.body)
})

test('nothing is carried to another screen when the deep-link guard moves the applicant on', async () => {
  const carry = watchTyped(container)
  field('#name').value = 'Ada'
  field('#name').focus()
  history.replaceState(null, '', '/elsewhere')
  try {
    await takeOver(carry)
  } finally {
    history.replaceState(null, '', '/')
  }

  expect(field('#name').value).toBe('')
  expect(answers.name).toBe('')
  expect(document.activeElement).toBe(document.body)
})

test('readTyped reports only the fields whose value is not the one the page arrived with', () => {
  field('#name').value = 'Ada'
  field('#status').click()
  field<HTMLSelectElement>('#bedrooms').value = '1'
  field('#years').value = '3'

  expect(readTyped(container.querySelectorAll('input,select,textarea'))).toEqual([
    { key: '#name', value: 'Ada' },
    { key: '#status', value: 'Single', checked: true },
    { key: '#bedrooms', value: '1' },
    { key: '#years', value: '3' },
  ])
})

test('replayTyped leaves alone a field that is not there or is disabled', () => {
  const other = document.createElement('div')
  other.innerHTML = '<input id="name" disabled><input id="elsewhere">'
  expect(
    replayTyped(other, [
      { key: '#name', value: 'Ada' },
      { key: '#amount', value: '12' },
    ]),
  ).toEqual([])
  expect(other.querySelector('input')!.value).toBe('')
})

test('a page still on screen (hydrated, not replaced) is left as it is', async () => {
  const carry = watchTyped(container)
  field('#name').value = 'Ada'
  carry()
  await Promise.resolve()
  expect(field('#name').value).toBe('Ada')
})

test('keys pressed after the render removed the field, before its effects gave focus back, are typed into it', async () => {
  const carry = watchTyped(container)
  const prerendered = field('#name')
  prerendered.focus()
  prerendered.value = 'Ad'
  prerendered.setSelectionRange(2, 2)
  // The commit, its effects not run yet: the focused field is gone and the keys reach the page.
  await act(async () => {
    root = createRoot(container)
    root.render(<Question from={saved} />)
  })
  expect(prerendered.isConnected).toBe(false)
  const press = (key: string) =>
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
    )
  for (const key of ['a', 'x', 'Backspace', ' ', 'L']) press(key)
  // A shortcut, and a key that types nothing, are not typing.
  document.body.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true }),
  )
  press('Shift')

  await act(async () => {
    carry()
    await Promise.resolve()
  })

  expect(field('#name').value).toBe('Ada L')
  expect(answers.name).toBe('Ada L')
  expect(document.activeElement).toBe(field('#name'))
  expect([field('#name').selectionStart, field('#name').selectionEnd]).toEqual([5, 5])
})

test('keys pressed in between go at the end of a field without a caret (email), and the carrying ends', async () => {
  container.innerHTML = '<input id="email" type="email" value="">'
  const carry = watchTyped(container)
  const prerendered = field('#email')
  prerendered.focus()
  prerendered.value = 'ada@'
  // The commit: the page's field replaced by the app's.
  container.replaceChildren(
    Object.assign(document.createElement('input'), { id: 'email', type: 'email' }),
  )
  for (const key of ['e', 'x']) {
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
    )
  }
  document.documentElement.setAttribute('data-deep-link-hold', '')

  carry()
  await Promise.resolve()

  expect(field('#email').value).toBe('ada@ex')
  expect(document.activeElement).toBe(field('#email'))
  // The carrying ran to its end: the page's hold is lifted.
  expect(document.documentElement.hasAttribute('data-deep-link-hold')).toBe(false)
})

test('a key pressed in between on a button is not typed into it, and the carrying ends', async () => {
  const carry = watchTyped(container)
  // A single digit typed, then focus moved on to the button: the part is padded when the carrying
  // ends.
  field('#dob').value = '7'
  field<HTMLButtonElement>('button').focus()
  await act(async () => {
    root = createRoot(container)
    root.render(<Question from={saved} />)
  })
  // A space or a letter on a button types nothing (and a button has no caret to type at).
  for (const key of [' ', 'x']) {
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
    )
  }
  document.documentElement.setAttribute('data-deep-link-hold', '')

  await act(async () => {
    carry()
    await Promise.resolve()
  })

  expect(document.activeElement).toBe(field('button'))
  expect(field<HTMLButtonElement>('button').value).toBe('')
  expect(field('#dob').value).toBe('07')
  expect(answers.dob).toEqual({ day: '07', month: '', year: '' })
  // The carrying ran to its end: the page's hold is lifted.
  expect(document.documentElement.hasAttribute('data-deep-link-hold')).toBe(false)
})

test('a digit pressed in between on a slider does not move it', async () => {
  const carry = watchTyped(container)
  field('#years').focus()
  await act(async () => {
    root = createRoot(container)
    root.render(<Question from={{ ...saved, years: '3' }} />)
  })
  document.body.dispatchEvent(
    new KeyboardEvent('keydown', { key: '9', bubbles: true, cancelable: true }),
  )

  await act(async () => {
    carry()
    await Promise.resolve()
  })

  expect(document.activeElement).toBe(field('#years'))
  expect(field('#years').value).toBe('3')
  expect(answers.years).toBe('')
})
