import type { Example } from '../examples'
import { ErrorSummary } from './error-summary'

// The fields are drawn as plain markup: what the summary relies on is only their ids, labels and legends.

export const errorSummaryExamples: Example[] = [
  {
    name: 'one error',
    render: () => <ErrorSummary errors={[{ id: 'email', message: 'Please enter your email.' }]} />,
  },
  {
    name: 'one error in the back office',
    render: () => (
      <ErrorSummary errors={[{ id: 'reason', message: 'Enter why the data is erased' }]} />
    ),
  },
  {
    name: 'with the fields it links to',
    render: () => (
      <>
        <ErrorSummary
          errors={[
            { id: 'title', message: 'Please enter your title.' },
            { id: 'first-name', message: 'Please enter your first name.' },
          ]}
        />
        <fieldset aria-describedby="title-error">
          <legend>Title</legend>
          <p id="title-error">
            <span className="visually-hidden">Error:</span> Please enter your title.
          </p>
          <input id="title" type="radio" name="title" value="Mr" aria-label="Mr" />
          <input id="title-mrs" type="radio" name="title" value="Mrs" aria-label="Mrs" />
        </fieldset>
        <label htmlFor="first-name">First name</label>
        <p id="first-name-error">
          <span className="visually-hidden">Error:</span> Please enter your first name.
        </p>
        <input
          id="first-name"
          type="text"
          autoComplete="given-name"
          aria-invalid="true"
          aria-describedby="first-name-error"
        />
      </>
    ),
  },
  {
    name: 'with the text fields it links to',
    render: () => (
      <>
        <ErrorSummary
          errors={[
            { id: 'email', message: 'Enter your email address' },
            { id: 'code', message: 'Enter the 6-digit code' },
          ]}
        />
        <label htmlFor="email">Email address</label>
        <input id="email" type="text" aria-invalid="true" />
        <label htmlFor="code">Code</label>
        <input id="code" type="text" aria-invalid="true" />
      </>
    ),
  },
  {
    name: 'joint',
    render: () => (
      <ErrorSummary errors={[{ id: 'joint-title', message: 'Please enter their title.' }]} />
    ),
  },
]
