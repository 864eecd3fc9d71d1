import { useState } from 'react'
import type { Example } from '../../examples'
import { CurrentPasswordField, OneTimeCodeField } from './CredentialFields'

function SignInFields({ error }: { error?: string }) {
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  return (
    <>
      <CurrentPasswordField
        id="password"
        label="Password"
        value={password}
        onChange={setPassword}
      />
      <OneTimeCodeField id="code" value={code} onChange={setCode} error={error} />
    </>
  )
}

function NewAppFields() {
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  return (
    <>
      <CurrentPasswordField id="authenticator-password" value={password} onChange={setPassword} />
      <OneTimeCodeField
        id="new-code"
        label="Code from your new authenticator app"
        hint="The 6 digits the new app shows now for Forecourt back office"
        value={code}
        onChange={setCode}
      />
    </>
  )
}

export const credentialFieldsExamples: Example[] = [
  { name: 'signing in', render: () => <SignInFields /> },
  { name: 'a wrong code', render: () => <SignInFields error="Enter the 6 digits the app shows" /> },
  { name: 'a new authenticator app', render: () => <NewAppFields /> },
]
