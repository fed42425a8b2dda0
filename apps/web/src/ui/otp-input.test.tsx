// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { OtpInput } from './otp-input.tsx';

function Harness() {
  const [digits, setDigits] = useState(['', '', '', '', '', '']);
  return <OtpInput digits={digits} onChange={setDigits} label="Verification code" />;
}

test('the code boxes are a labelled group of six', () => {
  render(<Harness />);
  expect(screen.getByRole('group', { name: 'Verification code' })).toBeTruthy();
  expect(screen.getAllByRole('textbox')).toHaveLength(6);
});
