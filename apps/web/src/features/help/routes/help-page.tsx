/** Help Center, Feedback Submission and Contact us: one form that stores what is sent. */
export function HelpPage() {
  return null;
}
