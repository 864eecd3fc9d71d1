// The lenders' decision body against the server (decision 2173): the OpenAPI document describes the
// route's body with the schema generated from the contract, so the two cannot drift apart, and the body
// the lender simulator builds is one the server's check accepts.

import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { checkLenderDecision, LenderDecisionBodySchema } from '@forecourt/domain/contract/lender'
import { decide } from '@forecourt/lender-sim/decide'
import { readLenders } from '@forecourt/lender-sim/lenders'
import { jsonSchemaOf } from '../src/routes/api/applicant-contract'
import { asDocumented } from './applicant-contract'
import { startTestApp } from './test-app'

test('the document describes the decision body with the schema generated from the contract', async () => {
  const testApp = await startTestApp()
  try {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })
    const operation = (
      response.json() as {
        paths: Record<
          string,
          Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
        >
      }
    ).paths['/api/lender-decisions/{lenderId}']?.post
    const documented = operation?.requestBody?.content['application/json']?.schema
    expect(documented).toEqual(
      asDocumented({
        ...jsonSchemaOf(LenderDecisionBodySchema, 'input'),
        description: 'The decision, as JSON; an approval carries its offer',
      }),
    )
    expect(documented).toMatchObject({
      type: 'object',
      required: ['submissionKey', 'decision', 'lenderReference', 'decidedAt'],
      properties: {
        decision: { enum: expect.arrayContaining(['approved', 'declined', 'paid-out']) },
        offer: { anyOf: [{ type: 'object' }, { type: 'null' }] },
      },
    })
  } finally {
    await testApp.close()
  }
})

test('the simulator’s decisions are bodies the server accepts', () => {
  const now = new Date('2026-11-29T10:00:00Z')
  const facts = {
    submissionKey: '0F0E0D0C-0B0A-4908-8706-050403020100',
    loanKind: 'vehicle' as const,
    amount: 6500,
    termMonths: 48,
    ages: [40],
    netMonthlyIncome: 2500,
  }
  const lenders = readLenders(
    fileURLToPath(new URL('../../lender-sim/lenders.json', import.meta.url)),
  )
  expect(lenders.length).toBeGreaterThan(1)
  for (const lender of lenders) {
    const body = decide(lender, facts, now)
    const checked = checkLenderDecision(JSON.parse(JSON.stringify(body)))
    expect(checked, lender.id).toMatchObject({
      ok: true,
      value: {
        submissionKey: '0f0e0d0c-0b0a-4908-8706-050403020100',
        decision: body.decision,
        decidedAt: now,
      },
    })
  }
})
