import { useState, type JSX } from 'react'

/** Holds a controlled control's value inside an example, so the example behaves like a screen. */
export function WithState<T>({
  initial,
  children,
}: {
  initial: T
  children: (value: T, setValue: (next: T) => void) => JSX.Element
}): JSX.Element {
  const [value, setValue] = useState(initial)
  return children(value, setValue)
}
