// Writes to the API from Node, as the browser that started an application makes them: in a session with
// its anti-forgery pair, and with the application's secret (decision 1801).
import { expect, type APIRequestContext } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { newApplicationSecret } from '@forecourt/domain/application-secret/application-secret'
import type { BrandId } from '@forecourt/domain/brands/brand'
import { brands } from '@forecourt/domain/brands/brand-data'
import { toFullSubmissionPayload } from '@forecourt/domain/payload/full-payload'
import type { ApplicationState } from '@forecourt/domain/state/application-state'
import { apiRequest } from './brands'

/** The anti-forgery token of `request`'s session on `label`'s host. */
export async function csrfToken(request: APIRequestContext, label: string): Promise<string> {
  const csrf = apiRequest(label, '/api/csrf')
  const answer = (await (await request.get(csrf.url, { headers: csrf.headers })).json()) as {
    token: string
  }
  return answer.token
}

/**
 * `state` submitted on `brand`'s host under a new key, terms agreed; fails unless the server stores it
 * (201). Answers the key, the reference and the secret the application was started with.
 */
export async function submitState(
  request: APIRequestContext,
  brand: BrandId,
  state: ApplicationState,
): Promise<{ key: string; reference: string; secret: string }> {
  const key = randomUUID()
  const secret = newApplicationSecret()
  state.GUID = key
  state.applicationKey = key
  const payload = toFullSubmissionPayload(state, {
    brand: brands[brand],
    now: new Date(),
    agreeTerms: true,
  })
  const submit = apiRequest(brand, `/api/submission/${key}`)
  const answer = await request.post(submit.url, {
    headers: {
      ...submit.headers,
      'x-csrf-token': await csrfToken(request, brand),
      'x-application-secret': secret,
    },
    data: payload,
  })
  expect(answer.status(), await answer.text()).toBe(201)
  return { key, reference: ((await answer.json()) as { reference: string }).reference, secret }
}
