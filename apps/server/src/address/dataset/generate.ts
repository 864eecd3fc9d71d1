// Writes demo-addresses.json: made-up addresses at real UK postcode districts, for the embedded address
// provider. Seeded, so every run writes the same file; a test checks the committed file is this output.
//
//   node --import tsx apps/server/src/address/dataset/generate.ts
//
// The districts and postcodes exist (or look as they would); the streets, houses and UDPRNs are invented
// and must not be mistaken for anyone's real address.
// It stays whole: most of its length is the table of districts, and it is a build tool, not served code.

import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import type { DemoAddress, DemoDataset, DemoPostcode } from '../embedded-address-provider'
import { DEMO_DATASET_URL } from '../embedded-address-provider'

type Layout =
  /** Numbers along one street, some with a suffix (10A), some split into flats, a few named. */
  | { kind: 'terrace'; street: string }
  /** A named block of flats or apartments at one number, with a few houses beside it. */
  | { kind: 'block'; street: string; block: string; flat: 'Flat' | 'Apartment' }
  /** Glasgow tenements: 'Flat 0/1' (floor/position) at each close number. */
  | { kind: 'glasgow'; street: string }
  /** Edinburgh tenements: 'Flat 1F2' (first floor, second door) at each stair number. */
  | { kind: 'edinburgh'; street: string }
  /** Named houses in a village or hamlet, most without a street. */
  | { kind: 'rural'; locality: string; street: string; names: readonly string[] }
  /** Two short terraces: a postcode that spans a corner. */
  | { kind: 'corner'; street: string; otherStreet: string }
  /** Hand-written: every case the lookup's natural order has to get right, at one postcode. */
  | { kind: 'showcase'; street: string }

interface District {
  district: string
  town: string
  county: string
  postcodes: ReadonlyArray<{ postcode: string; layout: Layout }>
}

const WELSH_NAMES = [
  'Tŷ Gwyn',
  'Bryn Awel',
  'Hafod',
  'Bodlondeb',
  'Min y Don',
  'Pen y Bryn',
  'Tŷ Newydd',
  'Glan Rhyd',
  'Llys Meirion',
  'Cae Mawr',
  'Bron Eryri',
  'Gorwel',
]
const CORNISH_NAMES = [
  'Chy an Mor',
  'Trelowen',
  'Penhallow',
  'Rosewarne',
  'Chy Nowydh',
  'Bosvenna',
  'Treworgan Barn',
  'Lower Trevella',
  'Ivy Cottage',
  'The Old Chapel',
]
const ORKNEY_NAMES = [
  'Upper Hammer',
  'Quoyness',
  'Nether Breck',
  'Windbreck',
  'Braeside',
  'Seaview',
  'Quoybanks',
  'Howe',
  'Netherhouse',
  'Lyness Cottage',
]
const HOUSE_NAMES = [
  'Rose Cottage',
  'Ivy House',
  'The Old Forge',
  'The Laurels',
  'Orchard View',
  'Holly Lodge',
  'The Coach House',
  'Fernlea',
  'Brookside',
  'The Old School House',
]

const DISTRICTS: readonly District[] = [
  {
    district: 'SW1A',
    town: 'London',
    county: '',
    postcodes: [
      {
        postcode: 'SW1A 1AA',
        layout: {
          kind: 'block',
          street: 'Carriage Walk',
          block: 'Sovereign Court',
          flat: 'Apartment',
        },
      },
      { postcode: 'SW1A 2AB', layout: { kind: 'terrace', street: 'Lamplighter Row' } },
      {
        postcode: 'SW1A 2JR',
        layout: { kind: 'corner', street: 'Guardsman Place', otherStreet: 'Palace Mews' },
      },
    ],
  },
  {
    district: 'M1',
    town: 'Manchester',
    county: 'Greater Manchester',
    postcodes: [
      { postcode: 'M1 1AE', layout: { kind: 'showcase', street: 'Acacia Avenue' } },
      {
        postcode: 'M1 2HF',
        layout: {
          kind: 'block',
          street: 'Weaver Street',
          block: 'Cotton Exchange',
          flat: 'Apartment',
        },
      },
      { postcode: 'M1 3BB', layout: { kind: 'terrace', street: 'Spindle Street' } },
    ],
  },
  {
    district: 'LS1',
    town: 'Leeds',
    county: 'West Yorkshire',
    postcodes: [
      { postcode: 'LS1 4DY', layout: { kind: 'terrace', street: 'Aire View Terrace' } },
      {
        postcode: 'LS1 2HE',
        layout: { kind: 'block', street: 'Wool Lane', block: 'Mill Court', flat: 'Flat' },
      },
      {
        postcode: 'LS1 5AB',
        layout: { kind: 'corner', street: 'Chapel Fold', otherStreet: 'Tanner Row' },
      },
    ],
  },
  {
    district: 'B1',
    town: 'Birmingham',
    county: 'West Midlands',
    postcodes: [
      {
        postcode: 'B1 1BB',
        layout: { kind: 'block', street: 'Jewellers Walk', block: 'Goldsmith House', flat: 'Flat' },
      },
      { postcode: 'B1 2JP', layout: { kind: 'terrace', street: 'Canal Basin Road' } },
      {
        postcode: 'B1 3HN',
        layout: { kind: 'corner', street: 'Brindley Street', otherStreet: 'Lock Keeper Lane' },
      },
    ],
  },
  {
    district: 'G1',
    town: 'Glasgow',
    county: 'Lanarkshire',
    postcodes: [
      { postcode: 'G1 1XQ', layout: { kind: 'glasgow', street: 'Merchant Wynd' } },
      { postcode: 'G1 2FF', layout: { kind: 'glasgow', street: 'Tobacco Row' } },
      {
        postcode: 'G1 3SL',
        layout: { kind: 'block', street: 'Clyde Quay', block: 'Harbour Point', flat: 'Flat' },
      },
    ],
  },
  {
    district: 'CF10',
    town: 'Cardiff',
    county: 'South Glamorgan',
    postcodes: [
      { postcode: 'CF10 1EP', layout: { kind: 'terrace', street: 'Heol y Castell' } },
      {
        postcode: 'CF10 2HQ',
        layout: { kind: 'block', street: 'Bute Wharf', block: 'Coal Exchange Court', flat: 'Flat' },
      },
      {
        postcode: 'CF10 3AT',
        layout: { kind: 'corner', street: 'Ffordd yr Afon', otherStreet: 'Dock Street' },
      },
    ],
  },
  {
    district: 'EH1',
    town: 'Edinburgh',
    county: 'Midlothian',
    postcodes: [
      { postcode: 'EH1 1YZ', layout: { kind: 'edinburgh', street: 'Netherbow Close' } },
      { postcode: 'EH1 2NG', layout: { kind: 'edinburgh', street: 'Lawnmarket Wynd' } },
      { postcode: 'EH1 3QR', layout: { kind: 'terrace', street: 'Calton Terrace' } },
    ],
  },
  {
    district: 'BS1',
    town: 'Bristol',
    county: 'Avon',
    postcodes: [
      { postcode: 'BS1 4DJ', layout: { kind: 'terrace', street: 'Harbourside Row' } },
      {
        postcode: 'BS1 5TR',
        layout: { kind: 'block', street: 'Redcliffe Quay', block: 'Sugar Warehouse', flat: 'Flat' },
      },
      {
        postcode: 'BS1 6XN',
        layout: { kind: 'corner', street: 'Cooperage Lane', otherStreet: 'Welsh Back Mews' },
      },
    ],
  },
  {
    district: 'NE1',
    town: 'Newcastle upon Tyne',
    county: 'Tyne and Wear',
    postcodes: [
      { postcode: 'NE1 1EE', layout: { kind: 'terrace', street: 'Keelmans Row' } },
      {
        postcode: 'NE1 4ST',
        layout: {
          kind: 'block',
          street: 'Grainger Walk',
          block: 'Lantern House',
          flat: 'Apartment',
        },
      },
      {
        postcode: 'NE1 7RU',
        layout: { kind: 'corner', street: 'Quayside Close', otherStreet: 'Sandgate Steps' },
      },
    ],
  },
  {
    district: 'L1',
    town: 'Liverpool',
    county: 'Merseyside',
    postcodes: [
      {
        postcode: 'L1 8JQ',
        layout: {
          kind: 'block',
          street: 'Ropewalks Place',
          block: 'Chandlers Wharf',
          flat: 'Flat',
        },
      },
      { postcode: 'L1 3DN', layout: { kind: 'terrace', street: 'Mersey View Road' } },
      {
        postcode: 'L1 4HU',
        layout: { kind: 'corner', street: 'Bold Lane', otherStreet: 'Slater Court' },
      },
    ],
  },
  {
    district: 'BT1',
    town: 'Belfast',
    county: 'County Antrim',
    postcodes: [
      { postcode: 'BT1 1AA', layout: { kind: 'terrace', street: 'Linen Hall Row' } },
      {
        postcode: 'BT1 4QG',
        layout: { kind: 'block', street: 'Lagan Walk', block: 'Gasworks House', flat: 'Apartment' },
      },
      {
        postcode: 'BT1 5GS',
        layout: { kind: 'corner', street: 'Weavers Entry', otherStreet: 'Cathedral Lane' },
      },
    ],
  },
  {
    district: 'NG1',
    town: 'Nottingham',
    county: 'Nottinghamshire',
    postcodes: [
      { postcode: 'NG1 1AB', layout: { kind: 'terrace', street: 'Lace Market Row' } },
      {
        postcode: 'NG1 5FW',
        layout: { kind: 'block', street: 'Broadmarsh Walk', block: 'Hosiery Works', flat: 'Flat' },
      },
      {
        postcode: 'NG1 7HR',
        layout: { kind: 'corner', street: 'Castle Gate Mews', otherStreet: 'Sheriffs Way' },
      },
    ],
  },
  {
    district: 'S1',
    town: 'Sheffield',
    county: 'South Yorkshire',
    postcodes: [
      { postcode: 'S1 2HE', layout: { kind: 'terrace', street: 'Cutlers Row' } },
      {
        postcode: 'S1 4PF',
        layout: { kind: 'block', street: 'Forge Lane', block: 'Crucible Works', flat: 'Flat' },
      },
      {
        postcode: 'S1 3JB',
        layout: { kind: 'corner', street: 'Steelmelters Way', otherStreet: 'Grinders Hill' },
      },
    ],
  },
  {
    district: 'AB10',
    town: 'Aberdeen',
    county: 'Aberdeenshire',
    postcodes: [
      { postcode: 'AB10 1AU', layout: { kind: 'terrace', street: 'Granite Terrace' } },
      {
        postcode: 'AB10 6RN',
        layout: { kind: 'block', street: 'Harbour Crescent', block: 'Torry View', flat: 'Flat' },
      },
      {
        postcode: 'AB10 7JT',
        layout: { kind: 'corner', street: 'Silver Street Lane', otherStreet: 'Bon Accord Close' },
      },
    ],
  },
  {
    district: 'LL55',
    town: 'Caernarfon',
    county: 'Gwynedd',
    postcodes: [
      { postcode: 'LL55 1AS', layout: { kind: 'terrace', street: 'Stryd y Castell' } },
      {
        postcode: 'LL55 3PE',
        layout: { kind: 'rural', locality: 'Llanrug', street: 'Lôn Bryn', names: WELSH_NAMES },
      },
      {
        postcode: 'LL55 4UR',
        layout: { kind: 'rural', locality: 'Waunfawr', street: 'Ffordd Eryri', names: WELSH_NAMES },
      },
    ],
  },
  {
    district: 'TR1',
    town: 'Truro',
    county: 'Cornwall',
    postcodes: [
      { postcode: 'TR1 2HD', layout: { kind: 'terrace', street: 'Pydar Row' } },
      {
        postcode: 'TR1 3RT',
        layout: { kind: 'rural', locality: 'Idless', street: 'Valley Lane', names: CORNISH_NAMES },
      },
      {
        postcode: 'TR1 1QW',
        layout: { kind: 'corner', street: 'Lemon Quay Lane', otherStreet: 'Boscawen Close' },
      },
    ],
  },
  {
    district: 'EX1',
    town: 'Exeter',
    county: 'Devon',
    postcodes: [
      { postcode: 'EX1 1HB', layout: { kind: 'terrace', street: 'Cathedral Row' } },
      {
        postcode: 'EX1 2LU',
        layout: {
          kind: 'block',
          street: 'Southernhay Walk',
          block: 'Rougemont House',
          flat: 'Flat',
        },
      },
      {
        postcode: 'EX1 3PB',
        layout: { kind: 'corner', street: 'Heavitree Lane', otherStreet: 'Magdalen Mews' },
      },
    ],
  },
  {
    district: 'YO1',
    town: 'York',
    county: 'North Yorkshire',
    postcodes: [
      { postcode: 'YO1 7HH', layout: { kind: 'terrace', street: 'Minster Row' } },
      {
        postcode: 'YO1 9QL',
        layout: { kind: 'block', street: 'Ouse Bank', block: 'Chocolate Works', flat: 'Apartment' },
      },
      {
        postcode: 'YO1 6DD',
        layout: { kind: 'corner', street: 'Shambles Court', otherStreet: 'Walmgate Mews' },
      },
    ],
  },
  {
    district: 'CB1',
    town: 'Cambridge',
    county: 'Cambridgeshire',
    postcodes: [
      { postcode: 'CB1 1PT', layout: { kind: 'terrace', street: 'Mill Road Terrace' } },
      {
        postcode: 'CB1 2LG',
        layout: { kind: 'block', street: 'Station Square', block: 'Foxton House', flat: 'Flat' },
      },
      {
        postcode: 'CB1 3AN',
        layout: { kind: 'corner', street: 'Mortimer Close', otherStreet: 'Petersfield Walk' },
      },
    ],
  },
  {
    district: 'KW15',
    town: 'Kirkwall',
    county: 'Orkney',
    postcodes: [
      { postcode: 'KW15 1DH', layout: { kind: 'terrace', street: 'Broad Wynd' } },
      {
        postcode: 'KW15 1NX',
        layout: { kind: 'rural', locality: 'St Ola', street: 'Scapa Road', names: ORKNEY_NAMES },
      },
      {
        postcode: 'KW15 1TR',
        layout: { kind: 'rural', locality: 'Scapa', street: 'Orphir Road', names: ORKNEY_NAMES },
      },
    ],
  },
]

const MIN_PER_POSTCODE = 5
const MAX_PER_POSTCODE = 30

/** mulberry32: small, fast, and the same sequence on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Part = Omit<DemoAddress, 'udprn'>

export function buildDemoDataset(): DemoDataset {
  const random = seededRandom(20240901)
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const chance = (probability: number) => random() < probability
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items]
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1))
      ;[copy[index], copy[other]] = [copy[other] as T, copy[index] as T]
    }
    return copy
  }

  const usedUdprns = new Set<string>()
  const udprn = (): string => {
    for (;;) {
      const candidate = String(between(10_000_000, 99_999_999))
      if (!usedUdprns.has(candidate)) {
        usedUdprns.add(candidate)
        return candidate
      }
    }
  }

  /** Numbers along a street until `count` delivery points exist. */
  const terrace = (street: string, count: number): Part[] => {
    const parts: Part[] = []
    const step = chance(0.7) ? 2 : 1
    let number = between(1, 40)
    while (parts.length < count) {
      const buildingNumber = String(number)
      if (chance(0.12)) {
        // A house split into flats: the flats are the delivery points, not the house.
        const flats = chance(0.5)
          ? ['Ground Floor Flat', 'First Floor Flat', 'Second Floor Flat'].slice(0, between(2, 3))
          : Array.from({ length: between(2, 4) }, (_, index) => `Flat ${index + 1}`)
        for (const subBuilding of flats) parts.push({ subBuilding, buildingNumber, street })
      } else if (chance(0.08)) {
        parts.push({ buildingName: pick(HOUSE_NAMES), buildingNumber, street })
      } else {
        parts.push({ buildingNumber, street })
      }
      if (chance(0.1)) parts.push({ buildingNumber: `${number}A`, street })
      number += step
    }
    return parts.slice(0, count)
  }

  const layoutParts = (layout: Layout, count: number): Part[] => {
    switch (layout.kind) {
      case 'terrace':
        return terrace(layout.street, count)
      case 'corner': {
        const first = between(2, count - 2)
        return [...terrace(layout.street, first), ...terrace(layout.otherStreet, count - first)]
      }
      case 'block': {
        const houses = between(1, Math.min(4, count - 3))
        const buildingNumber = String(between(1, 60))
        const flats = Array.from({ length: count - houses }, (_, index) => ({
          subBuilding: `${layout.flat} ${index + 1}`,
          buildingName: layout.block,
          buildingNumber,
          street: layout.street,
        }))
        return [...flats, ...terrace(layout.street, houses)]
      }
      case 'glasgow':
      case 'edinburgh': {
        const parts: Part[] = []
        let number = between(1, 30) * 2
        while (parts.length < count) {
          const floors = between(2, 4)
          for (let floor = 0; floor < floors; floor++) {
            for (let door = 1; door <= 2; door++) {
              const subBuilding =
                layout.kind === 'glasgow' ? `Flat ${floor}/${door}` : `Flat ${floor + 1}F${door}`
              parts.push({ subBuilding, buildingNumber: String(number), street: layout.street })
            }
          }
          number += 2
        }
        return parts.slice(0, count)
      }
      case 'rural': {
        const names = shuffle(layout.names).slice(0, count)
        return names.map((buildingName) =>
          chance(0.3)
            ? { buildingName, street: layout.street, locality: layout.locality }
            : { buildingName, locality: layout.locality },
        )
      }
      case 'showcase':
        return showcase(layout.street)
    }
  }

  const postcodes: DemoPostcode[] = DISTRICTS.flatMap((district) =>
    district.postcodes.map(({ postcode, layout }) => {
      const count = between(MIN_PER_POSTCODE, MAX_PER_POSTCODE)
      const rural = layout.kind === 'rural' ? layout.names.length : MAX_PER_POSTCODE
      const parts = layoutParts(layout, Math.min(count, rural))
      return {
        postcode,
        town: district.town,
        county: district.county,
        addresses: parts.map((part) => ({ udprn: udprn(), ...part })),
      }
    }),
  )

  return {
    about:
      'Made-up addresses at real UK postcode districts, for demonstrations and tests. No address here is real. Written by generate.ts; do not edit by hand.',
    postcodes,
  }
}

// Listed out of order on purpose: the lookup, not the file, puts them in order.
function showcase(street: string): Part[] {
  return [
    { buildingNumber: '10A', street },
    { buildingNumber: '2', street },
    { subBuilding: 'Flat 2', buildingNumber: '10', street },
    { buildingNumber: '10', street },
    { subBuilding: 'Flat 1', buildingNumber: '10', street },
    { buildingNumber: '4', street },
    { buildingName: 'The Coach House', street },
    { subBuilding: 'Flat 10', buildingName: 'Acacia House', buildingNumber: '14', street },
    { subBuilding: 'Flat 9', buildingName: 'Acacia House', buildingNumber: '14', street },
    { subBuilding: 'Flat 1', buildingName: 'Acacia House', buildingNumber: '14', street },
    { buildingNumber: '12', street },
    { buildingName: 'Rose Cottage', buildingNumber: '16', street },
    { buildingNumber: '8', street },
  ]
}

export async function formattedDataset(dataset: DemoDataset): Promise<string> {
  const path = fileURLToPath(DEMO_DATASET_URL)
  const options = await resolveConfig(path)
  return format(JSON.stringify(dataset), { ...options, filepath: path })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataset = buildDemoDataset()
  await writeFile(DEMO_DATASET_URL, await formattedDataset(dataset))
  const count = dataset.postcodes.reduce((total, entry) => total + entry.addresses.length, 0)
  console.log(`Wrote ${dataset.postcodes.length} postcodes, ${count} addresses`)
}
