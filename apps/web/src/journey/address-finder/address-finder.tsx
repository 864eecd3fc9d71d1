// The address question of /address/{n} and /security-address-add (docs/requirements.md#addresses-and-postcodes): a postcode, 'Find
// address', the addresses found in a dropdown; "Enter the address manually" always offered; a
// failed or empty lookup says so and opens manual entry (docs/decisions/1101). Manual entry takes
// the lookup's place, with a flat field and one postcode, and can go back to the lookup
// (docs/decisions/1540).
import type { AddressLookupItem } from '@forecourt/domain/address/address-lookup-item'
import './address-finder.css'
import { isValidUkPostcode, normalisePostcode } from '@forecourt/domain/fields/postcode'
import { messageText, type Person } from '@forecourt/domain/messages/messages'
import type { Address, SavedAddress } from '@forecourt/domain/state/application-state'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { AddressDropdown } from '#components/form/address-dropdown/address-dropdown'
import { InputField } from '#components/form/input-field'
import { TextInput } from '#components/form/text-input/text-input'
import { lookupAddresses, rememberedAddresses } from '#lib/address-lookup'
import type { JourneyStep } from '../use-journey-step'
import {
  clearAddressLines,
  describeAddress,
  fillFromLookup,
  findChosen,
  firstLine,
  flatLine,
  hasAddress,
  setFirstLine,
  setFlat,
  setStreet,
} from './address-entry'

// Notices about the lookup, not validation messages: they ask nothing of the applicant (1101).
export const noAddressesFound = (postcode: string) =>
  `We could not find any addresses for ${postcode}. Check the postcode or enter the address manually.`
export const LOOKUP_FAILED = 'We could not look up addresses just now. Enter the address manually.'
export const LOOKING_UP = 'Looking up addresses…'
export const addressesFound = (count: number, postcode: string) =>
  `${count} ${count === 1 ? 'address' : 'addresses'} found for ${postcode}.`

/** The lookup's postcode input, while the dropdown is shown (before that it carries the step's 'address' id). */
export const LOOKUP_POSTCODE_ID = 'postcodeLookup'

/** The first field of the manual form, which takes focus when it opens. */
export const MANUAL_FIRST_FIELD_ID = 'subBuilding'

export interface AddressFinderProps {
  step: JourneyStep
  /** The entry being answered. */
  address: Address
  /** How the entry was given: typed by hand, or chosen from the list of a postcode (1103). */
  memory: SavedAddress
  /** Applies a change to the entry and its memory in one state update. */
  change: (mutate: (address: Address, memory: SavedAddress) => void) => void
  /**
   * Whether this is the applicant's own home, so the browser may offer their saved address; a
   * property elsewhere gets autocomplete="off" (docs/decisions/0302).
   */
  ownAddress: boolean
  /** Whose address it is: the joint applicant's messages say "their" (docs/decisions/0101). */
  person?: Person
}

export function AddressFinder({
  step,
  address,
  memory,
  change,
  ownAddress,
  person = 'main',
}: AddressFinderProps) {
  const disabled = step.locked
  const [initialLookup] = useState(
    () => memory.value || (!memory.manual && hasAddress(address) ? address.postcode : ''),
  )
  const [postcode, setPostcode] = useState(initialLookup)
  const [found, setFound] = useState<AddressLookupItem[]>(
    () => rememberedAddresses(initialLookup) ?? [],
  )
  const [notice, setNotice] = useState('')
  const [postcodeError, setPostcodeError] = useState<string>()
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null)
  const pending = useRef<AbortController | null>(null)

  useEffect(() => () => pending.current?.abort(), [])
  // Focus moves after the render that shows its target: the list after a lookup, the first
  // manual field when manual entry is asked for, the postcode when it needs correcting.
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus()
  }, [focusTarget])

  const listed = found.length > 0
  const lookupId = listed ? LOOKUP_POSTCODE_ID : 'address'
  // A postcode "Find address" refused is listed in the error summary like any other message.
  const { setScreenError } = step
  useEffect(() => {
    if (!postcodeError) return
    setScreenError(lookupId, postcodeError)
    return () => setScreenError(lookupId, undefined)
  }, [setScreenError, lookupId, postcodeError])
  const refuse = (message: string) => {
    setPostcodeError(message)
    setFocusTarget({ id: lookupId })
  }

  const find = async () => {
    const typed = postcode.trim()
    if (typed === '') {
      return refuse(messageText('postcode.required', { label: 'postcode' }, person))
    }
    if (!isValidUkPostcode(typed)) return refuse(messageText('postcode.invalid'))
    setPostcodeError(undefined)
    pending.current?.abort()
    const controller = new AbortController()
    pending.current = controller
    setNotice(LOOKING_UP)
    const answer = await lookupAddresses(typed, { signal: controller.signal })
    if (controller.signal.aborted) return
    setPostcode(answer.postcode)
    if (answer.status === 'invalid') {
      setNotice('')
      return refuse(messageText('postcode.invalid'))
    }
    if (answer.status === 'found') {
      setFound(answer.addresses)
      setNotice(addressesFound(answer.addresses.length, answer.postcode))
      setFocusTarget({ id: 'address' })
      change((entry, saved) => {
        saved.value = answer.postcode
        // A choice from an earlier list does not stand for this one, unless it is in it.
        if (!saved.manual && !findChosen(answer.addresses, entry)) {
          clearAddressLines(entry)
          saved.streetAddress = ''
        }
      })
      return
    }
    setFound([])
    setNotice(answer.status === 'none' ? noAddressesFound(answer.postcode) : LOOKUP_FAILED)
    change((entry, saved) => {
      if (!saved.manual) clearAddressLines(entry)
      entry.postcode = answer.postcode
      saved.manual = true
      saved.value = answer.postcode
      saved.streetAddress = ''
    })
    // The lookup gives way to the manual form, and the button pressed goes with it.
    setFocusTarget({ id: MANUAL_FIRST_FIELD_ID })
  }

  const choose = (udprn: string) => {
    const chosen = found.find((item) => item.udprn === udprn)
    change((entry, saved) => {
      if (chosen) {
        fillFromLookup(entry, chosen)
        saved.manual = false
        saved.streetAddress = chosen.Address
      } else if (!saved.manual) {
        clearAddressLines(entry)
        saved.streetAddress = ''
      }
    })
  }

  const enterManually = () => {
    const typed = postcode.trim()
    change((entry, saved) => {
      saved.manual = true
      if (entry.postcode.trim() === '' && isValidUkPostcode(typed)) {
        entry.postcode = normalisePostcode(typed)
      }
    })
    setPostcodeError(undefined)
    setFocusTarget({ id: MANUAL_FIRST_FIELD_ID })
  }

  // Back to the lookup: what was typed stays in the entry until an address is chosen.
  const lookUpInstead = () => {
    setPostcode((current) => current || address.postcode)
    change((_, saved) => void (saved.manual = false))
    setFocusTarget({ id: listed ? LOOKUP_POSTCODE_ID : 'address' })
  }

  const onPostcodeKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter in the postcode looks it up, as the button beside it would, instead of Continue.
    if (event.key !== 'Enter') return
    event.preventDefault()
    void find()
  }

  const addressField = step.field('address')
  const autoComplete = (
    token:
      | 'address-line1'
      | 'address-line2'
      | 'address-line3'
      | 'address-level1'
      | 'address-level2'
      | 'postal-code',
  ) => (ownAddress ? token : 'off')
  const manualField = (id: 'houseNumber' | 'street' | 'town' | 'postcode') => step.field(id)

  return (
    <div className="address-finder">
      {/* Typing the address by hand has a postcode field of its own: one "Postcode" at a time. */}
      {memory.manual ? null : (
        <>
          <InputField
            id={lookupId}
            label="Postcode"
            hint="For example, M1 1AE"
            type="text"
            width={10}
            maxLength={12}
            spellCheck={false}
            autoComplete={autoComplete('postal-code')}
            value={postcode}
            onChange={(value) => {
              setPostcode(value)
              setPostcodeError(undefined)
            }}
            onKeyDown={onPostcodeKeyDown}
            error={postcodeError ?? (listed ? undefined : addressField.error)}
            shake={!postcodeError && !listed && addressField.shake}
            disabled={disabled}
          />
          <button
            type="button"
            className="button button--secondary address-finder__find"
            onClick={() => void find()}
            disabled={disabled}
          >
            Find address
          </button>
        </>
      )}
      <p className={notice ? 'address-finder__notice' : undefined} role="status">
        {notice}
      </p>
      {memory.manual ? null : listed ? (
        <AddressDropdown
          {...addressField}
          label="Address"
          items={found}
          value={findChosen(found, address)?.udprn ?? ''}
          onChange={choose}
        />
      ) : hasAddress(address) ? (
        <p className="address-finder__chosen">{describeAddress(address)}</p>
      ) : null}
      {memory.manual ? (
        <>
          <fieldset className="field-fieldset address-finder__manual">
            <legend className="field-legend">Address</legend>
            <TextInput
              id={MANUAL_FIRST_FIELD_ID}
              label="Flat, apartment or unit (optional)"
              hint="For example, Flat 2"
              autoComplete={autoComplete('address-line3')}
              width={20}
              value={flatLine(address)}
              onChange={(value) => change((entry) => setFlat(entry, value))}
              disabled={disabled}
            />
            <TextInput
              {...manualField('houseNumber')}
              label="House number or name"
              autoComplete={autoComplete('address-line1')}
              value={firstLine(address)}
              onChange={(value) => change((entry) => setFirstLine(entry, value))}
            />
            <TextInput
              {...manualField('street')}
              label="Street"
              autoComplete={autoComplete('address-line2')}
              value={address.street}
              onChange={(value) => change((entry) => setStreet(entry, value))}
            />
            <TextInput
              {...manualField('town')}
              label="Town or city"
              autoComplete={autoComplete('address-level2')}
              width={20}
              value={address.town}
              onChange={(value) => change((entry) => void (entry.town = value))}
            />
            <TextInput
              id="county"
              label="County (optional)"
              autoComplete={autoComplete('address-level1')}
              width={20}
              value={address.county}
              onChange={(value) => change((entry) => void (entry.county = value))}
              disabled={disabled}
            />
            <TextInput
              {...manualField('postcode')}
              label="Postcode"
              autoComplete={autoComplete('postal-code')}
              width={10}
              spellCheck={false}
              value={address.postcode}
              onChange={(value) => change((entry) => void (entry.postcode = value))}
              onBlur={() => {
                change((entry) => {
                  if (entry.postcode.trim() !== '')
                    entry.postcode = normalisePostcode(entry.postcode)
                })
                step.field('postcode').onBlur()
              }}
            />
          </fieldset>
          <p>
            <button
              type="button"
              className="link-button"
              onClick={lookUpInstead}
              disabled={disabled}
            >
              Find the address by postcode instead
            </button>
          </p>
        </>
      ) : (
        <p>
          <button type="button" className="link-button" onClick={enterManually} disabled={disabled}>
            Enter the address manually
          </button>
        </p>
      )}
    </div>
  )
}
