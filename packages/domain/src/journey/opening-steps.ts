// The journey rules of the loan questions that open the journey (docs/requirements.md#order-of-screens),
// up to and including the first step every applicant sees. The start screen needs only these to know
// where the journey starts (first-question.ts), so it loads them without the rest of the table
// (steps.ts).
import { filled, known, withFlows, type StepFlow } from './step-definition'
import { stepList, type JourneyContext } from './step-list'

const showsDepositQuestions = ({ brand }: JourneyContext) => brand.showsDepositAndLookingToBuy
const vehicleLoaded = ({ state }: JourneyContext) => filled(state.form.vehicle.vrm)

export type OpeningStepId =
  | 'looking-to-buy'
  | 'loan-type'
  | 'amount-to-finance'
  | 'looking-to-borrow'
  | 'deposit'
  | 'term-to-borrow'

export const openingFlows: Readonly<Record<OpeningStepId, StepFlow>> = {
  'looking-to-buy': {
    shownWhen: showsDepositQuestions,
    isAnswered: ({ state }) => filled(state.form.lookingToBuy),
  },
  'loan-type': {
    shownWhen: ({ brand }) => brand.loanKinds.length > 1,
    isAnswered: ({ state }) => filled(state.form.loanPurposeType),
  },
  'amount-to-finance': {
    shownWhen: vehicleLoaded,
    isAnswered: ({ state }) => state.form.loanAmountCompleted,
  },
  'looking-to-borrow': {
    shownWhen: (ctx) => !vehicleLoaded(ctx),
    isAnswered: ({ state }) => state.form.loanAmountCompleted,
  },
  deposit: {
    shownWhen: showsDepositQuestions,
    isAnswered: ({ state }) => known(state.hasDeposit),
  },
  'term-to-borrow': {
    isAnswered: ({ state }) => known(state.form.term),
  },
}

export const openingSteps = withFlows(stepList, openingFlows)
