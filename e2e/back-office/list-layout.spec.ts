// The applications list as a broker's desktop shows it (1280 px wide): column headings and references are
// never broken inside a word ("Statu|s", "FC-0MGS-F9TC-|42H0") while the table has room, and the
// identity bar of a submitted application shows its status once (no "New" followed by "Submitted").
import { expect, test, type Locator } from '@playwright/test'
import { filledState } from '@forecourt/domain/test-support/test-fixtures'
import { submitState } from '../support/api'
import { addOperator, authenticator } from './support/back-office'

/** The words of each element that the browser laid out over more than one line. */
async function splitWords(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const split: string[] = []
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
      for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
        const content = text.textContent ?? ''
        for (const match of content.matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(text, match.index)
          range.setEnd(text, match.index + match[0].length)
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
          if (lines.size > 1) split.push(match[0])
        }
      }
      return split
    }),
  )
}

test.use({ viewport: { width: 1280, height: 900 } })

test('at 1280 px the list breaks no heading or reference inside a word; a submitted application has one status badge', async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  const submitted = await submitState(request, 'carfinance', filledState())

  await page.goto(addOperator(`layout-${stamp}@broker.example`, 'viewer'))
  await page.getByLabel('New password').fill('reads the list at its width')
  await page.getByLabel('Type the password again').fill('reads the list at its width')
  await page.getByRole('button', { name: 'Continue' }).click()
  const app = authenticator(await page.locator('#setup-key').innerText())
  await page
    .getByRole('textbox', { name: 'Code from your authenticator app' })
    .fill(await app.code())
  await page.getByRole('button', { name: 'Confirm and sign in' }).click()
  await expect(page).toHaveURL(/\/applications$/)

  const table = page.getByRole('table')
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  await expect(table.getByRole('columnheader')).not.toHaveCount(0)
  expect(await splitWords(table.getByRole('columnheader'))).toEqual([])
  const references = table.locator('code')
  await expect(references).not.toHaveCount(0)
  expect(await splitWords(references)).toEqual([])

  await page.goto(`/applications/${submitted.key}`)
  const status = page.getByRole('listitem').filter({ hasText: /^Status:/ })
  await expect(status).toHaveText('Status: New')
})
