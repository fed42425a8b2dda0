import { describe, expect, it } from 'vitest';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  personName,
  resetPasswordFormSchema,
  signUpFormSchema,
  signupRequestSchema,
  splitFullName,
} from './auth.ts';

/** The messages a schema gives, by field. */
function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

const validSignUp = {
  full_name: 'Amberley Snyder',
  email: 'amberley@example.com',
  password: 'Barrel#123',
  confirm_password: 'Barrel#123',
};

describe('sign-up form (spec section 5)', () => {
  it('accepts a valid form and lower-cases the email', () => {
    const parsed = signUpFormSchema.parse({ ...validSignUp, email: ' Amberley@Example.COM ' });
    expect(parsed.email).toBe('amberley@example.com');
  });

  it('gives every field message verbatim', () => {
    expect(
      messagesOf(
        signUpFormSchema.safeParse({ full_name: 'Al', email: 'nope', password: 'short', confirm_password: '' }),
      ),
    ).toEqual({
      full_name: 'Name is required',
      email: 'Email is required and must be valid',
      password: 'Password must be 8–12 characters',
      confirm_password: 'Confirm password is required',
    });
  });

  it('requires the passwords to match', () => {
    expect(messagesOf(signUpFormSchema.safeParse({ ...validSignUp, confirm_password: 'Barrel#124' }))).toEqual({
      confirm_password: 'Passwords must match',
    });
  });

  it('refuses passwords longer than 12 characters and never trims them', () => {
    expect(
      messagesOf(
        signUpFormSchema.safeParse({ ...validSignUp, password: 'a'.repeat(13), confirm_password: 'a'.repeat(13) }),
      ),
    ).toEqual({
      password: 'Password must be 8–12 characters',
    });
    expect(
      signUpFormSchema.parse({ ...validSignUp, password: ' Barrel#12 ', confirm_password: ' Barrel#12 ' }).password,
    ).toBe(' Barrel#12 ');
  });

  it('splits a full name on spaces: first word, then the rest', () => {
    expect(splitFullName('  Trevor   Brazile Jr ')).toEqual({ first_name: 'Trevor', last_name: 'Brazile Jr' });
    expect(splitFullName('Cher')).toEqual({ first_name: 'Cher', last_name: '' });
  });
});

describe('sign-up request (server)', () => {
  it('needs a name of at least three characters in all', () => {
    expect(
      messagesOf(signupRequestSchema.safeParse({ first_name: 'Al', email: 'al@example.com', password: 'Barrel#123' })),
    ).toEqual({
      first_name: 'Name is required',
    });
    expect(
      signupRequestSchema.parse({ first_name: 'Al', last_name: 'B', email: 'al@example.com', password: 'Barrel#123' })
        .last_name,
    ).toBe('B');
  });

  it('drops fields it does not know', () => {
    const parsed = signupRequestSchema.parse({
      first_name: 'Ty',
      last_name: 'Murray',
      email: 'ty@example.com',
      password: 'Barrel#123',
      verified: 1,
      is_onboard: 1,
    });
    expect(parsed).not.toHaveProperty('verified');
    expect(parsed).not.toHaveProperty('is_onboard');
  });
});

describe('login (spec section 5)', () => {
  it('gives the login messages verbatim', () => {
    expect(messagesOf(loginRequestSchema.safeParse({ email: '', password: '1234567' }))).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must be between 8–12 characters.',
    });
    expect(messagesOf(loginRequestSchema.safeParse({}))).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must be between 8–12 characters.',
    });
  });
});

describe('forgot and reset password', () => {
  it('asks for a valid email', () => {
    expect(messagesOf(forgotPasswordRequestSchema.safeParse({ email: 'cowboy@' }))).toEqual({
      email: 'Please enter a valid email address.',
    });
  });

  it('checks the new password and its confirmation', () => {
    expect(
      messagesOf(resetPasswordFormSchema.safeParse({ password: 'Barrel#123', confirm_password: 'Barrel#999' })),
    ).toEqual({
      confirm_password: 'Passwords must match',
    });
  });
});

describe('password confirmation, the same on sign-up and reset', () => {
  const forms = [
    ['sign-up', signUpFormSchema, { ...validSignUp, full_name: '' }],
    ['reset', resetPasswordFormSchema, { password: 'short' }],
  ] as const;

  it.each(forms)("%s: a typed mismatch shows beside the other fields' messages", (_name, schema, otherwiseWrong) => {
    const messages = messagesOf(schema.safeParse({ ...otherwiseWrong, confirm_password: 'Barrel#999' }));
    expect(messages.confirm_password).toBe('Passwords must match');
    expect(Object.keys(messages).length).toBeGreaterThan(1);
  });

  it.each(forms)('%s: an empty confirmation is only required, not a mismatch', (_name, schema, otherwiseWrong) => {
    expect(messagesOf(schema.safeParse({ ...otherwiseWrong, confirm_password: '' })).confirm_password).toBe(
      'Confirm password is required',
    );
  });

  it.each(forms)('%s: the same password twice passes the check', (_name, schema) => {
    const result = schema.safeParse({ ...validSignUp, confirm_password: validSignUp.password });
    expect(result.success).toBe(true);
  });
});

describe('names', () => {
  it('refuse control and text-direction characters, so that one name cannot pass for another', () => {
    for (const name of ['\u202Eevil', 'Ty\u200FMurray', 'Bo\u2066b', 'tab\tname'])
      expect(messagesOf(personName(true).safeParse(name))).toEqual({
        '': 'Names cannot hold control or text-direction characters.',
      });
    for (const name of ['José', "O'Brien-Smith", 'Zoë Ann', '李 小龍'])
      expect(personName(true).safeParse(name).success).toBe(true);
  });
});
