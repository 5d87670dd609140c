import { INVALID_EMAIL_MESSAGE, NEWSLETTER_EMAIL_PATTERN, outreachLimits } from '@gvm/contract';
import { Button } from '@gvm/ui/button';
import { Input } from '@gvm/ui/input';
import { Spinner } from '@gvm/ui/spinner';
import { clsx } from 'clsx';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter';
import type { FormOutcome } from '../hooks/use-outreach-form';
import { outreachErrorMessage } from '../lib/outreach-error';

/**
 * The footer's newsletter sign-up (docs/product/information-pages.md#newsletter): idle, submitting (field and
 * button disabled, spinner), success ('Thank you for subscribing!', field cleared) or error (the
 * server's error, else 'Something went wrong'). An address failing the spec's pattern is refused
 * here and nothing is sent. `tone` suits the footer's background.
 */
export interface NewsletterFormProps {
  tone?: 'light' | 'dark';
  className?: string;
}

/** What a shopper did in the footer's placeholder form before this one loaded (`DeferredNewsletterForm`). */
export interface NewsletterDraft {
  email: string;
  focused: boolean;
  submit: boolean;
}

export function NewsletterForm({
  tone = 'light',
  className,
  takeOver,
}: NewsletterFormProps & { takeOver?: () => NewsletterDraft | undefined }) {
  const id = useId();
  const [draft] = useState(() => takeOver?.());
  const form = useRef<HTMLFormElement>(null);
  const handedOver = useRef(false);
  const [email, setEmail] = useState(draft?.email ?? '');
  const [outcome, setOutcome] = useState<FormOutcome>({ kind: 'idle' });
  const subscription = useSubscribeToNewsletter();
  const submitting = subscription.isPending;
  const dark = tone === 'dark';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const address = email.trim();
    // The spec's own pattern first, then the server's stricter rule, so a refusal costs no request.
    // That rule is the contract's schema, fetched on the first submit: the form sits in every
    // page's footer, and the schemas (with zod) are not part of a page's first load (decision 023).
    const problem = NEWSLETTER_EMAIL_PATTERN.test(address) ? await serverRuleProblem(address) : INVALID_EMAIL_MESSAGE;
    if (problem) {
      setOutcome({ kind: 'error', message: problem });
      return;
    }
    setOutcome({ kind: 'idle' });
    subscription.mutate(
      { email: address },
      {
        onSuccess: (response) => {
          setEmail('');
          setOutcome({ kind: 'success', message: response.message });
        },
        onError: (error) => setOutcome({ kind: 'error', message: outreachErrorMessage(error) }),
      },
    );
  };

  // Carry on from the placeholder: focus back in the field, and a Subscribe already pressed is sent.
  useEffect(() => {
    if (handedOver.current) return;
    handedOver.current = true;
    const field = form.current?.elements.namedItem('email');
    if (draft?.focused && field instanceof HTMLInputElement) field.focus();
    if (draft?.submit) form.current?.requestSubmit();
  }, [draft]);

  const invalid = outcome.kind === 'error';
  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Newsletter sign-up"
      aria-busy={submitting}
      className={clsx('w-full max-w-md', className)}
    >
      <label htmlFor={`${id}-email`} className="sr-only">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Enter your email"
          maxLength={outreachLimits.email}
          value={email}
          disabled={submitting}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-outcome`}
          className="sm:flex-1"
        />
        <Button type="submit" disabled={submitting} className="shrink-0">
          {submitting ? <Spinner /> : null}
          Subscribe
        </Button>
      </div>
      <div id={`${id}-outcome`} className="mt-2 text-sm">
        <p role="status" className={dark ? 'text-emerald-300' : 'text-emerald-700'}>
          {outcome.kind === 'success' ? outcome.message : null}
        </p>
        <p role="alert" className={dark ? 'text-red-300' : 'text-red-700'}>
          {outcome.kind === 'error' ? outcome.message : null}
        </p>
      </div>
    </form>
  );
}

async function serverRuleProblem(email: string): Promise<string | undefined> {
  const { checkOutreachForm, newsletterRequestSchema, summariseOutreachErrors } = await import(
    '@gvm/contract/outreach'
  );
  const errors = checkOutreachForm(newsletterRequestSchema, { email });
  return errors.length > 0 ? summariseOutreachErrors(errors) : undefined;
}
