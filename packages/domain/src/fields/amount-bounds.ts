// The largest value of every amount an application carries (decision 1803). The screens that ask for an
// amount check the same bounds with the specification's "Must be between {min} and {max}."; the submission
// schema refuses anything beyond them, so no lender is sent an amount no applicant could have given.

/** Net monthly income, each applicant: the employment-income screens' range. */
export const NET_MONTHLY_INCOME = { min: 0, max: 100_000 } as const

/** The property a loan is secured on: the property-details screen's ranges. */
export const PROPERTY_VALUE = { min: 10_000, max: 10_000_000 } as const
export const MORTGAGE_BALANCE = { min: 0, max: 10_000_000 } as const

/** A vehicle from stock: its price in whole pounds and its mileage. */
export const VEHICLE_PRICE = { min: 0, max: 1_000_000 } as const
export const VEHICLE_MILEAGE = { min: 0, max: 1_000_000 } as const
