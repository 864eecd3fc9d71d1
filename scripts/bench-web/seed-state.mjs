// The saved application a tab holds when its applicant has answered every question before the date
// of birth: what `/date-of-birth` needs to show itself instead of redirecting (the deep-link guard).
// The answers are those of the project's filled fixture; everything from the date of birth on is
// left as a new application has it. Needs tsx registered (the domain is TypeScript).

/**
 * The session-storage entry (key and serialised state) for `brandId`, checked against the domain's
 * own deep-link guard so a change in the journey's order fails here, loudly, not as a wrong audit.
 * @param {string} brandId
 * @returns {Promise<{ key: string, value: string }>}
 */
export async function dateOfBirthSeed(brandId) {
  const [
    { filledState },
    { createInitialState },
    { serialiseState },
    navigation,
    { brands },
    { STORAGE_KEY },
  ] = await Promise.all([
    import('@forecourt/domain/test-support/test-fixtures'),
    import('@forecourt/domain/state/application-state'),
    import('@forecourt/domain/state/restore-state'),
    import('@forecourt/domain/journey/navigation'),
    import('@forecourt/domain/brands/brand-data'),
    // Safe in Node: without sessionStorage the store starts empty and saves nothing.
    import('../../apps/web/src/lib/session-store.ts'),
  ])
  const brand = brands[brandId]
  if (!brand) throw new Error(`Unknown brand ${brandId}`)
  const filled = filledState()
  const state = createInitialState()
  state.affiliateConfig = { brandId: brand.id, affiliateKey: brand.affiliateKey }
  state.hasDeposit = filled.hasDeposit
  state.fullLicence = filled.fullLicence
  for (const field of [
    'lookingToBuy',
    'loanPurposeType',
    'loanAmount',
    'loanAmountUnknown',
    'loanAmountCompleted',
    'financeDetailsCompleted',
    'depositType',
    'cashDeposit',
    'term',
    'drivingLicenceType',
    'drivingLicenceCompleted',
    'maritalStatus',
    'maritalStatusCompleted',
  ]) {
    state.form[field] = filled.form[field]
  }

  const path = '/date-of-birth'
  const redirect = navigation.redirectForDeepLink(state, brand, path)
  if (redirect !== undefined) {
    throw new Error(`The seeded state for ${brandId} would send ${path} to ${redirect}`)
  }
  return { key: STORAGE_KEY, value: serialiseState(state) }
}
