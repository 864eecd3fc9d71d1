// The joint applicant confirms their own part in Chromium
// (docs/requirements.md#the-joint-applicant-confirms-their-own-part): a joint application is submitted on
// harbourlend; the joint applicant's email arrives at the SMTP server; its link opens, after their date of birth, what was said about them; they
// write a correction, choose their marketing channels and confirm; the fake lender receives the signed
// `application.joint-confirmed` event. axe on every new page.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { newApplicationSecret } from '@forecourt/domain/application-secret/application-secret'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import { filledJointState } from '@forecourt/domain/test-support/test-fixtures'
import { expectNoAxeViolations } from '../support/axe'
import { apiRequest, brandUrl } from '../support/brands'
import { FAKE_LENDER, inbox } from './support/server-env'

async function submitJointApplication(request: APIRequestContext, jointEmail: string) {
  const key = randomUUID()
  const state = filledJointState()
  state.GUID = key
  state.applicationKey = key
  state.form.joint.email = jointEmail
  const payload = toFullSubmissionPayload(state, {
    brand: brands.harbourlend,
    now: new Date(),
    agreeTerms: true,
  })
  const csrf = apiRequest('harbourlend', '/api/csrf')
  const { token } = (await (await request.get(csrf.url, { headers: csrf.headers })).json()) as {
    token: string
  }
  const submit = apiRequest('harbourlend', `/api/submission/${key}`)
  const answer = await request.post(submit.url, {
    headers: {
      ...submit.headers,
      'x-csrf-token': token,
      // The secret of the browser that started the application (decision 1801).
      'x-application-secret': newApplicationSecret(),
    },
    data: payload,
  })
  expect(answer.status(), await answer.text()).toBe(201)
  return { key, reference: ((await answer.json()) as { reference: string }).reference }
}

test('harbourlend: the joint applicant checks, corrects and confirms; the lender hears of it', async ({
  page,
  request,
}) => {
  await request.post(`${FAKE_LENDER}/accept`)
  const jointEmail = `sam.${Date.now()}@example.co.uk`
  const { reference } = await submitJointApplication(request, jointEmail)

  // Two emails come to the joint applicant from the email outbox, in either order: their confirmation
  // ("You are named on an application") and their link (decision 1951).
  let text = ''
  await expect
    .poll(async () => {
      const subjects = (await inbox())
        .filter((m) => m.to.includes(jointEmail))
        .map((m) => {
          if (m.subject.startsWith('Confirm your part')) text = m.text
          return m.subject
        })
      return subjects.sort()
    })
    .toEqual([
      `Confirm your part of the application (${reference})`,
      `You are named on an application (${reference})`,
    ])
  const url = /(http:\/\/[a-z.]+:\d+\/joint-confirm\/[A-Za-z0-9_-]{43})/.exec(text)?.[1]
  expect(url?.startsWith(brandUrl('harbourlend', '/joint-confirm/'))).toBe(true)

  await page.goto(url!)
  await expect(page).toHaveURL(brandUrl('harbourlend', '/joint-confirm'))
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Enter your date of birth to see your part of the application',
    }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  const enter = async (day: string, month: string, year: string) => {
    await page.getByRole('textbox', { name: 'Day' }).fill(day)
    await page.getByRole('textbox', { name: 'Month' }).fill(month)
    await page.getByRole('textbox', { name: 'Year' }).fill(year)
    await page.getByRole('button', { name: 'Continue' }).click()
  }
  await enter('1', '1', '1980')
  await expect(
    page.getByRole('link', {
      name: 'That date of birth does not match the application. You can try 4 more times.',
    }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await enter('21', '11', '1983')

  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm your part of the application' }),
  ).toBeVisible()
  await expect(page.getByRole('term').filter({ hasText: 'Name' }).first()).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: 'Mr Sam Smith-Jones' })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: '21 November 1983' })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: '£1,980' })).toBeVisible()
  await expect(
    page.getByRole('heading', { level: 2, name: 'How we use your information' }),
  ).toBeVisible()
  await expectNoAxeViolations(page)

  await page
    .getByRole('textbox', { name: 'Anything that is wrong (optional)' })
    .fill('My income is £2,100 a month.')
  const consents = page.getByRole('group', {
    name: 'How may we contact you about other products and offers?',
  })
  await consents.getByRole('checkbox', { name: /from Harbour Lending by email/ }).check()
  await consents.getByRole('checkbox', { name: /from Harbour Lending by post/ }).check()
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you, you have confirmed your part' }),
  ).toBeVisible()
  await expect(
    page.getByText(
      `We have recorded your confirmation for application ${reference} and passed it to the lenders.`,
    ),
  ).toBeVisible()
  await expectNoAxeViolations(page)

  await expect
    .poll(
      async () => {
        const received = (await (await request.get(`${FAKE_LENDER}/received`)).json()) as {
          type: string
          answered: number
        }[]
        return received.filter(
          (r) => r.type === 'application.joint-confirmed' && r.answered === 200,
        ).length
      },
      { timeout: 20_000 },
    )
    .toBe(1)

  // The link worked once.
  await page.goto(url!)
  await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible()
  await expect(
    page.getByText(
      'Links work once and for 7 days, and stop working after 5 wrong answers. To get a new one, contact Harbour Lending',
      { exact: false },
    ),
  ).toBeVisible()
  await expectNoAxeViolations(page)
})
