import type { Example } from '../examples'
import { AuthenticatorSetup } from './AuthenticatorSetup'

const TOTP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Forecourt%20back%20office:ann%40broker.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrSvg: 'data:image/svg+xml;base64,PHN2Zy8+',
}

export const authenticatorSetupExamples: Example[] = [
  {
    name: 'under a page heading',
    render: () => (
      <main>
        <h1>Set up your authenticator app</h1>
        <AuthenticatorSetup totp={TOTP} />
      </main>
    ),
  },
  {
    name: 'under a section heading',
    render: () => (
      <main>
        <h1>Your account</h1>
        <h2>Your authenticator app</h2>
        <AuthenticatorSetup totp={TOTP} headingLevel={3} />
      </main>
    ),
  },
]
