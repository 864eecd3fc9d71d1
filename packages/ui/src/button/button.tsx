import './button.css'
import type { ButtonHTMLAttributes, ReactNode } from 'react'

export type ButtonVariant = 'primary' | 'secondary' | 'warning' | 'start' | 'link'

export interface ButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'className' | 'type'
> {
  children: ReactNode
  /** 'submit' only for a form's own button: a plain button never submits by accident. */
  type?: 'button' | 'submit'
  variant?: ButtonVariant | undefined
  /** Lower, for a table's row or a list's actions. */
  small?: boolean | undefined
}

/**
 * The kit's button as a component. A screen may as well draw a `<button>` or an `<a>` with the class
 * names `buttonClass` gives (and import `@forecourt/ui/button/button.css`): the form's start page does,
 * so its first JavaScript carries no component it can do without.
 */
export function Button({
  children,
  type = 'button',
  variant = 'primary',
  small = false,
  ...rest
}: ButtonProps) {
  return (
    <button {...rest} type={type} className={buttonClass(variant, small)}>
      {children}
    </button>
  )
}

/** The class names of a button of that variant: `button button--secondary`, `link-button`, … */
export function buttonClass(variant: ButtonVariant = 'primary', small = false): string {
  if (variant === 'link') return 'link-button'
  const classes = ['button']
  if (variant !== 'primary') classes.push(`button--${variant}`)
  if (small) classes.push('button--small')
  return classes.join(' ')
}
