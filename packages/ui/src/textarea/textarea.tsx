import './textarea.css'
import { useEffect, useState } from 'react'
import { ErrorMessage } from '../error-message/error-message'
import {
  ariaInvalid,
  describedBy,
  FieldHint,
  FieldLabel,
  fieldClass,
  inputClass,
} from '../field/field-parts'
import type { SingleFieldProps } from '../field/field-props'

/** How long typing must pause before a screen reader hears the characters left (as GOV.UK's count). */
export const COUNT_ANNOUNCE_DELAY_MS = 1000

export interface TextareaProps extends SingleFieldProps {
  value: string
  onChange: (value: string) => void
  /** Visible lines; the box grows no further by itself but can be resized. */
  rows?: number | undefined
  /**
   * Shows how many characters are left. The box never cuts text off (a paste would lose its end
   * silently): the caller's rule refuses a longer answer with a message instead.
   */
  maxCharacters?: number | undefined
  /** A hard limit the browser applies as the text is typed (no count is shown). */
  maxLength?: number | undefined
  spellCheck?: boolean | undefined
}

export function countInfoId(id: string): string {
  return `${id}-count-info`
}

/** 'You have 12 characters remaining', 'You have 1 character too many'. */
export function charactersLeft(length: number, max: number): string {
  const left = max - length
  const n = Math.abs(left)
  const characters = n === 1 ? 'character' : 'characters'
  return left >= 0
    ? `You have ${n} ${characters} remaining`
    : `You have ${n} ${characters} too many`
}

/** A multi-line answer, with a label, a hint, the error and, when limited, a character count. */
export function Textarea({
  id,
  name,
  label,
  labelAsHeading,
  hint,
  error,
  disabled = false,
  onBlur,
  shake,
  value,
  onChange,
  rows = 5,
  maxCharacters,
  maxLength,
  spellCheck,
}: TextareaProps) {
  const count =
    maxCharacters === undefined ? undefined : charactersLeft(value.length, maxCharacters)
  // The visible count changes on every key; screen readers hear it only once typing pauses.
  // Nothing is announced before the first edit: the limit is part of the description already.
  const [edited, setEdited] = useState(false)
  const [announced, setAnnounced] = useState('')
  useEffect(() => {
    if (count === undefined || !edited) return
    const timer = setTimeout(() => setAnnounced(count), COUNT_ANNOUNCE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [count, edited])
  const over = maxCharacters !== undefined && value.length > maxCharacters

  return (
    <div className={fieldClass(error)}>
      <FieldLabel htmlFor={id} label={label} asHeading={labelAsHeading} />
      <FieldHint fieldId={id} hint={hint} />
      {error ? <ErrorMessage fieldId={id} message={error} shake={shake} /> : null}
      <textarea
        id={id}
        name={name ?? id}
        className={inputClass('field-textarea', error)}
        rows={rows}
        value={value}
        onChange={(event) => {
          setEdited(true)
          onChange(event.target.value)
        }}
        onBlur={onBlur}
        disabled={disabled}
        maxLength={maxLength}
        spellCheck={spellCheck}
        aria-describedby={describedBy(
          id,
          { hint, error },
          maxCharacters === undefined ? undefined : countInfoId(id),
        )}
        aria-invalid={ariaInvalid(error)}
      />
      {maxCharacters === undefined ? null : (
        <>
          <div id={countInfoId(id)} className="visually-hidden">
            You can enter up to {maxCharacters} characters
          </div>
          <div
            className={over ? 'character-count character-count--over' : 'character-count'}
            aria-hidden="true"
          >
            {count}
          </div>
          <div className="visually-hidden" aria-live="polite">
            {announced}
          </div>
        </>
      )}
    </div>
  )
}
