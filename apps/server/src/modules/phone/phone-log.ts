/** A phone number as a log line may show it: every digit but the last two masked ("+*********67"). */
export function maskPhone(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  return `+${'*'.repeat(Math.max(0, digits.length - 2))}${digits.slice(-2)}`;
}
