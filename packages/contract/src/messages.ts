/**
 * Every user-facing text that the product specification gives verbatim lives here, once.
 * The server answers with these messages and the web shows them; neither rewrites them.
 */
export const MESSAGES = {
  signUp: {
    nameRequired: 'Name is required',
    /** Not in the spec: control and text-direction characters, which would let a name pass for another. */
    nameCharacters: 'Names cannot hold control or text-direction characters.',
    emailInvalid: 'Email is required and must be valid',
    passwordLength: 'Password must be 8–12 characters',
    confirmRequired: 'Confirm password is required',
    passwordsMustMatch: 'Passwords must match',
    formInvalid: 'Please fix the errors in the form',
    emailInUse: 'This email address is already registered.',
    emailNotValid: 'The email address is not valid.',
    weakPassword: 'The password is too weak. Please choose a stronger one.',
    network: 'Network error. Please check your internet connection.',
    invalidData: 'Invalid registration data provided. Please check your input.',
    failedPrefix: 'Registration failed: ',
    failedFallback: 'Please check your input.',
    success: 'User Successfully Registered',
  },
  login: {
    emailInvalid: 'Please enter a valid email address.',
    passwordLength: 'Password must be between 8–12 characters.',
    formInvalid: 'Please fix the errors in the form.',
    userNotFound: 'User Not Found',
    network: 'Network Request Failed',
    wrongPassword: 'Wrong Password',
    invalidCredential: 'Invalid Credential',
    unknown: 'An unknown error occurred.',
    success: 'User Successfully Logedin',
    busy: 'Logging In...',
  },
  logout: { success: 'Successfully Logout !' },
  forgotPassword: {
    emailInvalid: 'Please enter a valid email address.',
    formInvalid: 'Please fix the errors in the form.',
    success: 'Password reset email sent successfully !',
  },
  resetPassword: {
    invalidToken: 'This reset link is invalid or has expired. Please request a new one.',
    success: 'Your password has been reset. Please log in with your new password.',
  },
  onboarding: {
    dobRequired: 'Date of birth is required.',
    dobFuture: 'Date of birth cannot be in the future.',
    genderRequired: 'Please select your gender.',
    optionRequired: 'Please select your option.',
    eventsRequired: 'Please select at least one event.',
    associationsRequired: 'Please select at least one association.',
    submitInvalid: 'Please correct the errors before submitting.',
    failed: 'There was an error submitting your data. Please try again.',
    success: 'Onboarding completed successfully!',
  },
  phone: {
    phoneRequired: 'Please enter your phone number.',
    phoneInvalid: 'Please enter a valid phone number.',
    sendFailed: 'Failed to send code. Please check the number and try again.',
    codeInvalid: 'Invalid verification code.',
    codeSent: 'A new verification code has been sent.',
    tooManyAttempts: 'Too many wrong codes. Please request a new code later.',
    // Not in the spec: a number can belong to one member only.
    numberInUse: 'This phone number is already verified on another account.',
  },
  account: {
    confirmTitle: 'Are you sure ?',
    confirmText: "You won't be able to revert this!",
    deletedTitle: 'Deleted',
    deletedText: 'Your account has been deleted.',
  },
  generic: {
    required: 'Value is required',
    email: 'Value is not a valid email address',
    maxLength: (max: number) => `The maximum length allowed is ${max}`,
    minLength: (min: number) => `This field should be at least ${min} characters long`,
    sameAs: (other: string) => `The value must be equal to the ${other} value`,
    correctErrors: 'Please correct the errors in the form.',
  },
  http: {
    unauthenticated: 'Unauthenticated.',
    notFound: 'Not found.',
    validation: 'The given data was invalid.',
    serverError: 'Something went wrong. Please try again.',
    tooManyRequests: (seconds: number) => `Too many requests. Please try again in ${formatWait(seconds)}.`,
    /** A part the request needs (Redis, behind the sign-in and sign-up limits) is gone for a moment: 503. */
    serviceUnavailable: (seconds: number) =>
      `This is unavailable for a moment. Please try again in ${formatWait(seconds)}.`,
    notOnboarded: 'Please complete your onboarding first.',
    notVerified: 'Please verify your phone number first.',
  },
  feed: { loadMoreFailed: 'Could not load more posts.' },
  profile: { userNotFound: 'User not found.', loadFailed: 'Failed to load user profile.' },
  /** Spec section 5 "Create event", verbatim; the Create Event form and POST/PATCH /events answer these. */
  createEvent: {
    titleRequired: 'Event title is required.',
    titleTooLong: 'Title cannot exceed 50 characters.',
    startDateRequired: 'Start date is required.',
    startTimeRequired: 'Start time is required.',
    endDateRequired: 'End date is required.',
    endDateBeforeStart: 'End date must be on or after start date.',
    endTimeRequired: 'End time is required.',
    locationRequired: 'Event location is required.',
    addressRequired: 'Event address is required.',
    eventTypeRequired: 'Event type is required.',
    privateRequired: 'Please specify if event is private.',
    performancesRequired: 'At least one performance is required.',
    performanceNameRequired: 'Performance name is required.',
    performanceDateRequired: 'Performance date is required.',
    performanceDateOutside: 'Performance date must be within event dates.',
    performanceTimeRequired: 'Performance time is required.',
    associationRequired: 'Association type is required.',
    circuitsRequired: 'Circuits selection is required.',
    tourRequired: 'Tour selection is required.',
    confirmationRequired: 'Event confirmation status is required.',
    // Not in the spec: rules it does not give (same-day times, time zone, event types, added money, bounds).
    endTimeBeforeStart: 'End time must be after start time.',
    timeZoneRequired: 'Event time zone is required.',
    timeZoneInvalid: 'Please choose a valid time zone.',
    eventTypesInvalid: 'Please choose event types from the list.',
    tooManyPerformances: (max: number) => `An event can have at most ${max} performances.`,
    addedMoneyWhole: 'Added money must be a whole number of dollars.',
    addedMoneyNegative: 'Added money cannot be negative.',
    addedMoneyTooLarge: (max: number) => `Added money cannot be more than $${max.toLocaleString('en-US')}.`,
  },
} as const;

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  // Up to two hours in minutes: 64 minutes rounded up to '2 hours' nearly doubled the wait it told.
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}
