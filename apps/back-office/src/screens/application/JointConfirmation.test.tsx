import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { expectNoAxeViolations } from '#components/example-checks'
import { fakeApi } from '#testing/fake-api'
import { detail, KEY, sessionFor } from '#testing/fixtures'
import { LAZY, renderApp } from '#testing/render'

const DETAIL = `GET /applications/${KEY}`
const WRITTEN =
  'I have been with them for 8 years, not 7.\n<img src=x onerror=alert(1)> is my employer'

/** A joint application whose joint applicant confirmed at 10:30 on 27 November, writing `corrections`. */
const jointDetail = (corrections: string | null, confirmedAt: string | null) =>
  detail((d) => {
    d.answers.push(
      {
        title: 'Joint applicant',
        rows: [
          { label: 'Name', value: ['Mr Sam Smith-Jones'] },
          { label: 'How they hear from the broker', value: ['Email'] },
          {
            label: 'Marketing choices given by',
            value: ['Themselves, when they confirmed their part'],
          },
        ],
      },
      { title: 'Consents', rows: [{ label: 'Agreed to a soft search', value: ['Yes'] }] },
    )
    d.application.jointConfirmation = {
      requestedAt: '2026-11-26T09:05:00.000Z',
      confirmedAt,
      outstanding: false,
      corrections,
    }
  })

test('the joint applicant’s confirmation follows their answers, with what they wrote as they wrote it', async () => {
  fakeApi({ [DETAIL]: [200, jointDetail(WRITTEN, '2026-11-27T10:30:00.000Z')] })
  renderApp(`/applications/${KEY}`, sessionFor('viewer'))
  const section = await screen.findByRole(
    'region',
    { name: 'Joint applicant’s confirmation' },
    LAZY,
  )
  expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
    'Loan',
    'Address history',
    'Joint applicant',
    'Joint applicant’s confirmation',
    'Consents',
  ])
  const terms = within(section).getAllByRole('term')
  expect(terms.map((term) => term.textContent)).toEqual([
    'Confirmed their part',
    'Their corrections',
  ])
  expect(terms[0]!.nextElementSibling).toHaveTextContent('Yes, on 27 November 2026 at 10:30am')
  // Each line as written, as text: nothing in it is markup.
  const written = terms[1]!.nextElementSibling!
  expect(written.textContent).toBe(
    'I have been with them for 8 years, not 7.<img src=x onerror=alert(1)> is my employer',
  )
  expect(written.querySelectorAll('br')).toHaveLength(1)
  expect(written.querySelector('img')).toBeNull()
  await expectNoAxeViolations()
})

test('before the joint applicant confirms, and when they wrote nothing', async () => {
  fakeApi({ [DETAIL]: [200, jointDetail(null, null)] })
  const waiting = renderApp(`/applications/${KEY}`, sessionFor('viewer'))
  const section = await screen.findByRole(
    'region',
    { name: 'Joint applicant’s confirmation' },
    LAZY,
  )
  expect(
    within(section)
      .getAllByRole('term')
      .map((term) => term.textContent),
  ).toEqual(['Confirmed their part'])
  expect(within(section).getByRole('definition')).toHaveTextContent('Not yet')
  waiting.unmount()

  fakeApi({ [DETAIL]: [200, jointDetail('', '2026-11-27T10:30:00.000Z')] })
  renderApp(`/applications/${KEY}`, sessionFor('viewer'))
  const confirmed = await screen.findByRole(
    'region',
    { name: 'Joint applicant’s confirmation' },
    LAZY,
  )
  expect(
    within(confirmed)
      .getAllByRole('definition')
      .map((d) => d.textContent),
  ).toEqual(['Yes, on 27 November 2026 at 10:30am', 'None'])
})

test('the timeline: the joint applicant’s confirmation and correction, and the applicant’s choice, by whom', async () => {
  fakeApi({
    [DETAIL]: [
      200,
      detail((d) => {
        d.timeline.unshift(
          {
            at: '2026-11-28T12:00:00.000Z',
            type: 'applicant',
            text: 'Applicant chose the offer from acme-lending',
            by: 'the applicant',
          },
          {
            at: '2026-11-27T10:30:00.000Z',
            type: 'joint-applicant',
            text: 'Joint applicant confirmed',
            by: 'the joint applicant',
          },
          {
            at: '2026-11-27T10:30:00.000Z',
            type: 'joint-applicant',
            text: 'Joint applicant corrected: 8 years, not 7 <b>really</b>',
            by: 'the joint applicant',
          },
        )
      }),
    ],
  })
  renderApp(`/applications/${KEY}/timeline`, sessionFor('viewer'))
  await screen.findByRole('heading', { name: 'Joint applicant confirmed' }, LAZY)
  const entries = screen.getAllByRole('heading', { level: 3 }).map((heading) => {
    const entry = heading.closest('li')!
    return [heading.textContent, within(entry).getByText(/^by /).textContent]
  })
  expect(entries.slice(0, 3)).toEqual([
    ['Applicant chose the offer from acme-lending', 'by the applicant'],
    ['Joint applicant confirmed', 'by the joint applicant'],
    ['Joint applicant corrected: 8 years, not 7 <b>really</b>', 'by the joint applicant'],
  ])
  await expectNoAxeViolations()
})

test('what the joint applicant said is not right shows, dated, as they wrote it', async () => {
  const disputed = detail((d) => {
    d.answers.push({
      title: 'Joint applicant',
      rows: [{ label: 'Name', value: ['Mr Sam Smith-Jones'] }],
    })
    d.application.jointConfirmation = {
      requestedAt: '2026-11-26T09:05:00.000Z',
      confirmedAt: null,
      outstanding: false,
      corrections: null,
      disputedAt: '2026-11-27T11:15:00.000Z',
      dispute: 'I never lived at 4 Old Forge Lane.\n<b>Not bold</b>',
    }
  })
  fakeApi({ [DETAIL]: [200, disputed] })
  renderApp(`/applications/${KEY}`, sessionFor('viewer'))
  const section = await screen.findByRole(
    'region',
    { name: 'Joint applicant’s confirmation' },
    LAZY,
  )
  const terms = within(section).getAllByRole('term')
  expect(terms.map((term) => term.textContent)).toEqual([
    'Confirmed their part',
    'They said this is not right',
  ])
  const said = terms[1]!.nextElementSibling!
  expect(said.textContent).toBe(
    'On 27 November 2026 at 11:15am:I never lived at 4 Old Forge Lane.<b>Not bold</b>',
  )
  expect(said.querySelector('b')).toBeNull()
  await expectNoAxeViolations()
})
