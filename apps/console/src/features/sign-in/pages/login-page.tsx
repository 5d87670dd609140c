import { failureMessage } from '@console/lib/api';
import { consolePaths } from '@console/lib/console-paths';
import type { OperatorTotpSetup } from '@gvm/contract/ops';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import { QrCode } from '@gvm/ui/qr-code';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useRequestOperatorCode, useTotpSetup, useTotpVerify, useVerifyOperatorCode } from '../api/sign-in';

type Step =
  | { name: 'email' }
  | { name: 'code'; email: string }
  | { name: 'authenticator'; pendingToken: string; setup: OperatorTotpSetup | null };

/**
 * /ops/login (docs/product/operators.md#sign-in): the work e-mail, the e-mailed code, then the
 * authenticator: set up the first time (QR code and 'Setup key'), its code every time. Each step
 * is a real form (labels, Enter submits) that shows the API's answer at its field.
 */
export function OpsLoginPage() {
  usePageMeta('Operator sign-in', 'Sign in to the operator console.');
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  /** The answer set the session's cookies, which every tab of this browser shares (decision 073). */
  async function signedIn() {
    queryClient.removeQueries({ queryKey: ['ops'] });
    const returnTo = params.get('returnTo');
    await navigate(returnTo?.startsWith(`${consolePaths.home}/`) ? returnTo : consolePaths.home, { replace: true });
  }

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-2xl font-semibold text-gray-900">Operator sign-in</h1>
      {params.get('ended') && step.name === 'email' ? (
        <p role="status" className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Your session has ended. Please sign in again.
        </p>
      ) : null}
      <div className="mt-6">
        {step.name === 'email' ? <EmailStep onSent={(email) => setStep({ name: 'code', email })} /> : null}
        {step.name === 'code' ? (
          <CodeStep
            email={step.email}
            onVerified={(pendingToken, setup) => setStep({ name: 'authenticator', pendingToken, setup })}
            onRestart={() => setStep({ name: 'email' })}
          />
        ) : null}
        {step.name === 'authenticator' ? (
          <AuthenticatorStep
            pendingToken={step.pendingToken}
            setup={step.setup}
            onSignedIn={signedIn}
            onRestart={() => setStep({ name: 'email' })}
          />
        ) : null}
      </div>
    </main>
  );
}

function EmailStep({ onSent }: { onSent(email: string): void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const requestCode = useRequestOperatorCode();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const address = email.trim();
    if (!address) {
      setError('Please enter your work email');
      return;
    }
    requestCode.mutate(
      { email: address },
      {
        onSuccess: () => onSent(address),
        onError: (failure) => setError(failureMessage(failure, 'The code could not be sent. Please try again.')),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field id="ops-email" label="Work email" error={error} announceError>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={requestCode.isPending}>
        {requestCode.isPending ? 'Sending…' : 'Send code'}
      </Button>
    </form>
  );
}

function CodeStep({
  email,
  onVerified,
  onRestart,
}: {
  email: string;
  onVerified(pendingToken: string, setup: OperatorTotpSetup | null): void;
  onRestart(): void;
}) {
  const verifyCode = useVerifyOperatorCode();
  const totpSetup = useTotpSetup();

  async function check(code: string, failed: (failure: unknown) => void) {
    try {
      const pending = await verifyCode.mutateAsync({ email, code });
      // The first time, the authenticator is set up before its first code (decision 045).
      const setup = pending.next === 'totp-setup' ? await totpSetup.mutateAsync(pending.token) : null;
      onVerified(pending.token, setup);
    } catch (failure) {
      failed(failure);
    }
  }

  return (
    <CodeForm
      id="ops-code"
      label="Sign-in code"
      submitLabel="Continue"
      restartLabel="Use another address"
      busy={verifyCode.isPending || totpSetup.isPending}
      onCode={check}
      onRestart={onRestart}
    >
      <p className="text-sm text-gray-600">
        If {email} is an operator's address, a 6-digit code is on its way to it. It works for 10 minutes.
      </p>
    </CodeForm>
  );
}

function AuthenticatorStep({
  pendingToken,
  setup,
  onSignedIn,
  onRestart,
}: {
  pendingToken: string;
  setup: OperatorTotpSetup | null;
  onSignedIn(): Promise<void>;
  onRestart(): void;
}) {
  const totpVerify = useTotpVerify();
  return (
    <CodeForm
      id="ops-totp"
      label="Authenticator code"
      submitLabel="Verify"
      restartLabel="Start again"
      busy={totpVerify.isPending}
      onCode={(code, failed) =>
        totpVerify.mutate({ pendingToken, code }, { onSuccess: () => onSignedIn(), onError: failed })
      }
      onRestart={onRestart}
    >
      {setup ? (
        <section aria-labelledby="ops-setup-heading" className="space-y-3">
          <h2 id="ops-setup-heading" className="text-lg font-semibold text-gray-900">
            Set up two-step verification
          </h2>
          <p className="text-sm text-gray-600">
            Scan this QR code with your authenticator app, or type the setup key into it. Then enter the 6-digit code it
            shows.
          </p>
          <QrCode value={setup.otpauthUri} label="QR code for your authenticator app" className="h-48 w-48" />
          <Field id="ops-setup-key" label="Setup key" hint="The same key as the QR code, to type in by hand.">
            {(control) => (
              <Input {...control} readOnly value={setup.setupKey} className="font-mono" spellCheck={false} />
            )}
          </Field>
        </section>
      ) : null}
    </CodeForm>
  );
}

/**
 * A step that asks for a 6-digit code (the e-mailed one, then the authenticator's): what the step
 * says first (`children`), the code's field, the submit button (its label while `busy`:
 * 'Checking…') and the way back to the first step. `onCode` gets the code trimmed and calls
 * `failed` with what went wrong, which the field then shows.
 */
function CodeForm({
  id,
  label,
  submitLabel,
  restartLabel,
  busy,
  children,
  onCode,
  onRestart,
}: {
  id: string;
  label: string;
  submitLabel: string;
  restartLabel: string;
  busy: boolean;
  children?: ReactNode;
  onCode(code: string, failed: (failure: unknown) => void): void;
  onRestart(): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    onCode(code.trim(), (failure) =>
      setError(failureMessage(failure, 'The code could not be checked. Please try again.')),
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {children}
      <Field id={id} label={label} error={error} announceError>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Checking…' : submitLabel}
      </Button>
      <Button variant="ghost" size="sm" className="w-full" onClick={onRestart}>
        {restartLabel}
      </Button>
    </form>
  );
}
