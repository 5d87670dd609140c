import { productName, type RenderedEmail, renderEmail } from './layout';

/** The sign-in code (docs/product/accounts.md#sign-in-by-code: 6 digits, single use, 10 minutes). */
export function loginCodeEmail({ code }: { code: string }): RenderedEmail {
  return renderEmail({
    subject: `Your sign-in code is ${code}`,
    heading: `Your sign-in code is ${code}`,
    preview: `Use it within 10 minutes to sign in to ${productName}.`,
    blocks: [
      { kind: 'paragraph', text: `Enter this code to sign in to ${productName}:` },
      { kind: 'code', code },
      { kind: 'paragraph', text: 'It is valid for 10 minutes and works once.' },
      {
        kind: 'note',
        text: 'If you did not try to sign in, you can ignore this e-mail: nobody can sign in without the code. Never share it with anyone.',
      },
    ],
  });
}

/**
 * Sent instead of a code when nobody has an account for the address, so the sign-in form answers
 * the same for every address (no account enumeration) while the person still learns what to do.
 */
export function noAccountEmail({ email, publicUrl }: { email: string; publicUrl: string }): RenderedEmail {
  const signUpUrl = `${publicUrl}/signup?email=${encodeURIComponent(email)}`;
  return renderEmail({
    subject: `Sign in to ${productName}`,
    heading: 'There is no account for this address',
    preview: 'Sign up in a minute to buy and send gift vouchers.',
    blocks: [
      {
        kind: 'paragraph',
        text: `Someone asked to sign in to ${productName} with ${email}, but no account exists for this address. Sign up here: ${signUpUrl}`,
      },
      { kind: 'button', label: 'Create your account', url: signUpUrl },
      { kind: 'note', text: 'If you did not try to sign in, you can ignore this e-mail.' },
    ],
  });
}

/**
 * The link that confirms a new account's address (valid 24 hours). Until the address is verified
 * anyone may have typed it, so the e-mail carries nothing the sign-up form supplied (no name):
 * sign-up must not be a way to send chosen text to a stranger (decision 020).
 */
export function verificationEmail({ token, publicUrl }: { token: string; publicUrl: string }): RenderedEmail {
  const verifyUrl = `${publicUrl}/verify/${encodeURIComponent(token)}`;
  return renderEmail({
    subject: `Verify your e-mail address for ${productName}`,
    heading: 'Confirm your e-mail address',
    preview: 'One click to finish creating your account.',
    blocks: [
      { kind: 'paragraph', text: 'Hello,' },
      {
        kind: 'paragraph',
        text: `Thank you for signing up to ${productName}. Confirm your e-mail address to finish creating your account: ${verifyUrl}`,
      },
      { kind: 'button', label: 'Verify my e-mail address', url: verifyUrl },
      { kind: 'paragraph', text: 'The link is valid for 24 hours.' },
      { kind: 'note', text: 'If you did not sign up, you can ignore this e-mail; no account will be created.' },
    ],
  });
}

/**
 * Sent instead of a verification link when someone signs up with an address that already has an
 * account: the sign-up form answers the same for every address (no account enumeration) and the
 * owner learns to sign in instead. Like the link, it carries nothing the form supplied.
 */
export function existingAccountEmail({ email, publicUrl }: { email: string; publicUrl: string }): RenderedEmail {
  const logInUrl = `${publicUrl}/login?email=${encodeURIComponent(email)}`;
  return renderEmail({
    subject: `You already have an account at ${productName}`,
    heading: 'You already have an account',
    preview: 'Sign in with your e-mail address instead.',
    blocks: [
      {
        kind: 'paragraph',
        text: `Someone asked to sign up to ${productName} with ${email}, but you already have an account with this address, so no new account was created. Sign in here: ${logInUrl}`,
      },
      { kind: 'button', label: 'Sign in', url: logInUrl },
      {
        kind: 'note',
        text: 'If you did not try to sign up, you can ignore this e-mail: nothing about your account has changed.',
      },
    ],
  });
}

/**
 * Sent at an account's first sign-in. It greets nobody by name: the name came from a sign-up form
 * that anyone may have filled in with this address, and the first sign-in may be the owner's
 * first sight of the account (decision 020).
 */
export function welcomeEmail({ publicUrl }: { publicUrl: string }): RenderedEmail {
  return renderEmail({
    subject: `Welcome to ${productName}`,
    heading: `Welcome to ${productName}!`,
    preview: 'Your account is ready.',
    blocks: [
      {
        kind: 'paragraph',
        text: `Your ${productName} account is ready. Buy digital gift vouchers from our partner merchants, keep them in your wallet or send them to someone by e-mail with a personal message.`,
      },
      { kind: 'button', label: 'Browse gift vouchers', url: `${publicUrl}/` },
      { kind: 'note', text: 'To sign in later, enter your e-mail address and we will send you a one-time code.' },
    ],
  });
}
