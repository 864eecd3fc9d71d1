// What each brand's emails need beyond the brand record: the broker's inbox for alerts (configuration can
// override it: BROKER_INBOXES), the website an applicant is sent back to, and where complaints go. Kept
// beside brand-data.ts so the start screen never loads it. Addresses are fictitious (.example).

import type { BrandId } from './brand'

export interface BrandMail {
  /** Gets a short alert for every new submission and every application needing attention; empty: none. */
  brokerInbox: string
  /** The broker's website (https), linked from every email to the applicant. */
  website: string
  /** Where an applicant sends a complaint. */
  complaintsEmail: string
}

export const brandMail: Readonly<Record<BrandId, BrandMail>> = {
  harbourlend: {
    brokerInbox: 'applications@harbourlend.example',
    website: 'https://www.harbourlend.example/',
    complaintsEmail: 'complaints@harbourlend.example',
  },
  milebroker: {
    brokerInbox: 'new-applications@milebroker.example',
    website: 'https://www.milebroker.example/',
    complaintsEmail: 'complaints@milebroker.example',
  },
  carfinance: {
    brokerInbox: 'applications@carfinance.example',
    website: 'https://www.carfinance.example/',
    complaintsEmail: 'complaints@carfinance.example',
  },
  scorepal: {
    brokerInbox: 'finance-desk@scorepal.example',
    website: 'https://www.scorepal.example/',
    complaintsEmail: 'complaints@scorepal.example',
  },
  creditlens: {
    brokerInbox: 'finance-desk@creditlens.example',
    website: 'https://www.creditlens.example/',
    complaintsEmail: 'complaints@creditlens.example',
  },
}
