import { screen, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { LAZY_SCREEN, givenState, renderApp } from '#testing/render'

test('a late question opened first sends the applicant to the first unanswered one', async () => {
  givenState('carfinance')
  const { location } = renderApp('/contact')
  // The guard comes with the question's code, so the redirect waits for it to load.
  await waitFor(() => expect(location.history?.at(-1)).toBe('/looking-to-borrow'), LAZY_SCREEN)
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
    'How much would you like to borrow?',
  )
})

test('a question whose earlier questions are answered opens as linked', async () => {
  givenState('carfinance', (state) => {
    state.form.loanAmountCompleted = true
    state.form.term = 48
  })
  const { location } = renderApp('/driving-licence')
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
    'What type of driving licence do you have?',
  )
  expect(location.history?.at(-1)).toBe('/driving-licence')
})
