// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { OtpInput } from './otp-input.tsx';

function Harness({ initial = ['', '', '', '', '', ''] }: { initial?: string[] }) {
  const [digits, setDigits] = useState(initial);
  return <OtpInput digits={digits} onChange={setDigits} label="Verification code" />;
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const boxesRead = () =>
  screen
    .getAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value)
    .join('');
/** The boxes after a wrong code whose first digit (2) is also in the right one. */
const WRONG = ['2', '0', '0', '0', '0', '0'];

test('the code boxes are a labelled group of six', () => {
  render(<Harness />);
  expect(screen.getByRole('group', { name: 'Verification code' })).toBeTruthy();
  expect(screen.getAllByRole('textbox')).toHaveLength(6);
});

test('typed one digit at a time, the focus advances and backspace goes back', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(box(1));
  await user.keyboard('2329');
  expect(boxesRead()).toBe('2329');
  expect(document.activeElement).toBe(box(5));
  await user.keyboard('{Backspace}');
  expect(document.activeElement).toBe(box(4));
  expect(boxesRead()).toBe('232');
});

test('typing over a box that holds a digit replaces it', async () => {
  const user = userEvent.setup();
  render(<Harness initial={WRONG} />);
  await user.click(box(3));
  await user.keyboard('7');
  expect(boxesRead()).toBe('207000');
  expect(document.activeElement).toBe(box(4));
});

test('typing the digit a box already holds keeps it and moves on', async () => {
  const user = userEvent.setup();
  render(<Harness initial={['5', '2', '0', '0', '0', '0']} />);
  await user.click(box(1));
  await user.keyboard('500000');
  expect(boxesRead()).toBe('500000');
  expect(document.activeElement).toBe(box(6));
});

test('a whole code inserted into box 1 after a wrong code is exactly that code', () => {
  // One input event, as SMS autofill sends it: over the selected 2, or with the caret after it.
  for (const value of ['232903', '2232903']) {
    const { unmount } = render(<Harness initial={WRONG} />);
    fireEvent.input(box(1), { target: { value }, data: '232903', inputType: 'insertText' });
    expect(boxesRead(), value).toBe('232903');
    unmount();
  }
});

test('a whole code set as the value of any box, with no word of what was inserted, is exactly that code', () => {
  for (const n of [1, 2, 6]) {
    const { unmount } = render(<Harness initial={WRONG} />);
    fireEvent.input(box(n), { target: { value: '232903' } });
    expect(boxesRead(), `box ${n}`).toBe('232903');
    unmount();
  }
});

test('a code pasted into the last box while every box holds a digit fills every box', async () => {
  const user = userEvent.setup();
  render(<Harness initial={WRONG} />);
  await user.click(box(6));
  await user.paste('Your Corral code: 232903');
  expect(boxesRead()).toBe('232903');
  expect(document.activeElement).toBe(box(6));
});

test('a box emptied without a Backspace key (a phone keyboard) is cleared', () => {
  render(<Harness initial={WRONG} />);
  fireEvent.input(box(1), { target: { value: '' }, inputType: 'deleteContentBackward' });
  expect(boxesRead()).toBe('00000');
  expect(box(1).value).toBe('');
});
