// A stand-in for a commercial postcode API in Ideal Postcodes' shape, on 127.0.0.1 and a free port:
// GET /v1/postcodes/{postcode}?api_key=… → 200 { result, code: 2000 } | 404 { code: 4040 } |
// 401 { code: 4010 }. A test can make it stall, fail or answer nonsense, and read what it was sent.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One PAF record as the vendor sends it (a subset of its fields; the rest are ignored by the adapter). */
export type FakePafRecord = Record<string, string | number>

export type FakeBehaviour =
  | 'normal'
  /** Accepts the connection and never answers. */
  | 'stall'
  /** Sends the headers, then stalls in the middle of the body. */
  | 'stall-body'
  | 'server-error'
  /** 200 with a body that is not JSON. */
  | 'not-json'
  /** 200 with JSON that has no result list. */
  | 'no-result'
  /** 404 without the vendor's code, as a wrong base URL would give. */
  | 'bare-404'

export interface FakePostcodeApi {
  /** The base URL to configure: http://127.0.0.1:{port} */
  url: string
  behaviour: FakeBehaviour
  /** Every request received: the path and the api_key sent. */
  requests: Array<{ path: string; apiKey: string | null }>
  close(): Promise<void>
}

export interface FakePostcodeApiOptions {
  apiKey: string
  /** Records by postcode, compact and upper-case as the vendor keys them: 'SW1A2AA'. */
  postcodes: Record<string, FakePafRecord[]>
}

export async function startFakePostcodeApi(
  options: FakePostcodeApiOptions,
): Promise<FakePostcodeApi> {
  const fake: FakePostcodeApi = {
    url: '',
    behaviour: 'normal',
    requests: [],
    close: async () => {},
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake')
    const apiKey = url.searchParams.get('api_key')
    fake.requests.push({ path: url.pathname, apiKey })
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }

    switch (fake.behaviour) {
      case 'stall':
        return
      case 'stall-body':
        response.writeHead(200, { 'content-type': 'application/json' })
        response.write('{"result":[')
        return
      case 'server-error':
        return send(500, { code: 5000, message: 'Internal Server Error' })
      case 'not-json':
        response.writeHead(200, { 'content-type': 'text/html' })
        return response.end('<html>maintenance</html>')
      case 'no-result':
        return send(200, { code: 2000, message: 'Success' })
      case 'bare-404':
        response.writeHead(404, { 'content-type': 'text/html' })
        return response.end('<html>Not Found</html>')
      case 'normal':
        break
    }

    const match = /^\/v1\/postcodes\/([^/]+)$/.exec(url.pathname)
    if (match === null) return send(404, { code: 4044, message: 'Resource not found' })
    // Like the vendor, the key is checked before the postcode, and its message echoes nothing.
    if (apiKey !== options.apiKey) return send(401, { code: 4010, message: 'Invalid Key' })
    const postcode = decodeURIComponent(match[1] ?? '')
      .replace(/\s+/g, '')
      .toUpperCase()
    const records = options.postcodes[postcode]
    if (records === undefined) {
      return send(404, { code: 4040, message: 'Postcode Not Found', suggestions: [] })
    }
    return send(200, { result: records, code: 2000, message: 'Success' })
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  fake.url = `http://127.0.0.1:${port}`
  fake.close = () =>
    new Promise<void>((resolve, reject) => {
      // Stalled answers would otherwise hold the server open.
      server.closeAllConnections()
      server.close((error) => (error ? reject(error) : resolve()))
    })
  return fake
}

/** Three records at one postcode, in the vendor's casing and in no useful order. */
export const FAKE_POSTCODES: Record<string, FakePafRecord[]> = {
  SW1A2AA: [
    {
      udprn: 23747771,
      postcode: 'SW1A 2AA',
      sub_building_name: 'Flat 2',
      building_name: '',
      building_number: '10',
      thoroughfare: 'Example Street',
      dependant_locality: '',
      post_town: 'LONDON',
      county: '',
      line_1: 'Flat 2',
      line_2: '10 Example Street',
      line_3: '',
    },
    {
      udprn: 23747772,
      postcode: 'SW1A 2AA',
      sub_building_name: '',
      building_name: '10A',
      building_number: '',
      thoroughfare: 'Example Street',
      dependant_locality: '',
      post_town: 'LONDON',
      county: '',
      line_1: '10A Example Street',
      line_2: '',
      line_3: '',
    },
    {
      udprn: 23747773,
      postcode: 'SW1A 2AA',
      sub_building_name: '',
      building_name: '',
      building_number: '2',
      thoroughfare: 'Example Street',
      dependant_locality: '',
      post_town: 'LONDON',
      county: '',
      line_1: '2 Example Street',
      line_2: '',
      line_3: '',
    },
    {
      udprn: 23747774,
      postcode: 'SW1A 2AA',
      sub_building_name: 'Flat 1',
      building_name: '',
      building_number: '10',
      thoroughfare: 'Example Street',
      dependant_locality: '',
      post_town: 'LONDON',
      county: '',
      line_1: 'Flat 1',
      line_2: '10 Example Street',
      line_3: '',
    },
    {
      udprn: 23747775,
      postcode: 'SW1A 2AA',
      sub_building_name: '',
      building_name: '',
      building_number: '10',
      thoroughfare: 'Example Street',
      dependant_locality: '',
      post_town: 'LONDON',
      county: '',
      line_1: '10 Example Street',
      line_2: '',
      line_3: '',
    },
  ],
  NE11EE: [
    {
      udprn: '8765432',
      postcode: 'NE1 1EE',
      sub_building_name: '',
      building_name: 'QUAYSIDE LODGE',
      building_number: '',
      dependent_thoroughfare: 'Keel Row',
      thoroughfare: 'Sandhill',
      double_dependent_locality: '',
      dependent_locality: 'Quayside',
      post_town: 'NEWCASTLE UPON TYNE',
      county: 'Tyne and Wear',
    },
    {
      udprn: 8765433,
      postcode: 'NE1 1EE',
      organisation_name: 'Example Chandlers Ltd',
      thoroughfare: 'Sandhill',
      post_town: 'NEWCASTLE UPON TYNE',
      county: 'Tyne and Wear',
    },
    // No UDPRN: cannot be chosen, so it is left out.
    { postcode: 'NE1 1EE', building_number: '3', thoroughfare: 'Sandhill', post_town: 'NEWCASTLE' },
  ],
}
