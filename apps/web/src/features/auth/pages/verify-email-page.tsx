import { buttonClassName } from '@gvm/ui/button';
import { Spinner } from '@gvm/ui/spinner';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { takeReturnTo } from '@/lib/auth/redirect-storage';
import { toast } from '@/lib/toast';
import { useVerifyEmail } from '../api/verify-email';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

/** docs/product/accounts.md#e-mail-verification: after a failed verification the page goes to /signup after 3 seconds. */
export const VERIFICATION_FAILURE_REDIRECT_MS = 3000;

const failureDescription = 'The verification link is invalid or expired. Please try signing up again.';

/** The server's 409: the link is the signed-in caller's own, already used (their address is verified). */
function alreadyVerified(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/**
 * /verify/:token (docs/product/accounts.md#e-mail-verification): no login needed. Success stores the session and
 * goes to the remembered returnTo (forgotten once used), else home: a sign-in that started at a
 * gift or at checkout and turned into a sign-up ends there (docs/product/accounts.md#coming-back-after-signing-up).
 * Failure says so and goes to /signup after 3 seconds. The link is used once only: the query
 * behind it is asked exactly once, and its outcome is acted on once.
 */
export function VerifyEmailPage() {
  usePageMeta('Email verification', 'Confirming your email address for UGM Gift Marketplace.');
  const { token = '' } = useParams();
  const verification = useVerifyEmail(token);
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();
  const handled = useRef(false);
  const [signInFailed, setSignInFailed] = useState(false);
  const failed = (verification.isError && !alreadyVerified(verification.error)) || signInFailed;

  useEffect(() => {
    if (handled.current || verification.isPending) return;
    handled.current = true;
    if (verification.isSuccess) {
      try {
        completeSignIn(verification.data, takeReturnTo() ?? paths.home);
      } catch {
        // Tokens that cannot be stored leave the user signed out: shown as a failed verification.
        setSignInFailed(true);
        toast.error('Verification Failed', { description: failureDescription });
        return;
      }
      toast.success('Email Verified!', { description: 'Your account has been verified successfully.' });
      return;
    }
    if (alreadyVerified(verification.error)) {
      // Decision 029: the signed-in owner opened their used link again: nothing failed.
      toast.success('Already verified', { description: verification.error.message });
      navigate(paths.home, { replace: true });
      return;
    }
    toast.error('Verification Failed', { description: failureDescription });
  }, [verification.isPending, verification.isSuccess, verification.data, verification.error, completeSignIn, navigate]);

  useEffect(() => {
    if (!failed) return;
    const timer = window.setTimeout(() => navigate(paths.signup), VERIFICATION_FAILURE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [failed, navigate]);

  return (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      {failed ? (
        <>
          <h1 className="text-2xl font-bold text-gray-900">Verification Failed</h1>
          <p className="mt-3 text-gray-600">{failureDescription}</p>
          <p className="mt-2 text-sm text-gray-500">Taking you to sign up…</p>
          <Link to={paths.signup} className={buttonClassName('primary', 'md', 'mt-6')}>
            Sign up
          </Link>
        </>
      ) : (
        <>
          <Spinner className="h-8 w-8 text-brand-600" label="Verifying your email" />
          <h1 className="mt-4 text-2xl font-bold text-gray-900">Verifying your email…</h1>
        </>
      )}
    </section>
  );
}
