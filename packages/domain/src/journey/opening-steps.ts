// The loan questions that open the journey (journey.md, "Order of screens"), up to and including
// the first step every applicant sees. The start screen needs only these to know where the journey
// starts (first-question.ts), so it loads them without the rest of the table (steps.ts).
import { filled, known, type JourneyContext, type StepDefinition } from './step-definition'

const showsDepositQuestions = ({ brand }: JourneyContext) => brand.showsDepositAndLookingToBuy
const vehicleLoaded = ({ state }: JourneyContext) => filled(state.form.vehicle.vrm)

export const openingSteps: readonly StepDefinition[] = [
  {
    id: 'looking-to-buy',
    path: '/looking-to-buy',
    title: 'Have you found a vehicle?',
    shownWhen: showsDepositQuestions,
    isAnswered: ({ state }) => filled(state.form.lookingToBuy),
  },
  {
    id: 'loan-type',
    path: '/loan-type',
    title: 'What would you like the loan to be secured on?',
    shownWhen: ({ brand }) => brand.loanKinds.length > 1,
    isAnswered: ({ state }) => filled(state.form.loanPurposeType),
  },
  {
    id: 'amount-to-finance',
    path: '/amount-to-finance',
    title: 'How much would you like to finance?',
    shownWhen: vehicleLoaded,
    isAnswered: ({ state }) => state.form.loanAmountCompleted,
  },
  {
    id: 'looking-to-borrow',
    path: '/looking-to-borrow',
    title: 'How much would you like to borrow?',
    shownWhen: (ctx) => !vehicleLoaded(ctx),
    isAnswered: ({ state }) => state.form.loanAmountCompleted,
  },
  {
    id: 'deposit',
    path: '/deposit',
    title: 'Will you be paying a deposit?',
    shownWhen: showsDepositQuestions,
    isAnswered: ({ state }) => known(state.hasDeposit),
  },
  {
    id: 'term-to-borrow',
    path: '/term-to-borrow',
    title: 'How long would you like to borrow for?',
    isAnswered: ({ state }) => known(state.form.term),
  },
]
