import type { SessionTokens } from '@gvm/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { takePreviousPage, takeReturnTo } from '@/lib/auth/redirect-storage';
import { toast } from '@/lib/toast';
import { usePublicConfig } from '../api/get-public-config';
import { logInWithGoogle, signUpWithGoogle } from '../api/google-auth';
import { googleLoginFailure, googleSignUpFailure } from '../lib/google-errors';
import {
  fetchGoogleProfile,
  GoogleCancelledError,
  loadGoogleIdentity,
  requestGoogleAccessToken,
} from '../lib/google-identity';
import { useCompleteSignIn } from './use-complete-sign-in';

export type GoogleAuthMode = 'login' | 'signup';
/** 'unavailable': the server has no Google client id, so the button says so instead of pretending. */
export type GoogleAvailability = 'loading' | 'available' | 'unavailable';

/**
 * 'Continue with Google' (docs/product/accounts.md#sign-in-with-google): a Google access token from Google's pop-up,
 * exchanged with the server for a session, with the spec's toasts for every outcome.
 */
export function useGoogleAuth(mode: GoogleAuthMode) {
  const config = usePublicConfig();
  const clientId = config.data?.googleClientId ?? null;
  const availability: GoogleAvailability = config.isPending ? 'loading' : clientId ? 'available' : 'unavailable';
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();

  useEffect(() => {
    // Loaded ahead so the click opens Google's pop-up within the user's gesture; a failed
    // preload is not reported here because the click loads again and reports it then.
    if (clientId) loadGoogleIdentity().catch(() => undefined);
  }, [clientId]);

  async function obtainGoogleToken(id: string): Promise<{ accessToken: string; name?: string; email?: string }> {
    const accessToken = await requestGoogleAccessToken(await loadGoogleIdentity(), id);
    if (mode === 'login') return { accessToken };
    return { accessToken, ...(await fetchGoogleProfile(accessToken)) };
  }

  async function start(): Promise<void> {
    if (!clientId || pending) return;
    setPending(true);
    try {
      let google: { accessToken: string; name?: string; email?: string };
      try {
        google = await obtainGoogleToken(clientId);
      } catch (error) {
        if (error instanceof GoogleCancelledError) return;
        if (mode === 'login') toast.error('Google Login Error', { description: 'Failed to connect to Google.' });
        else
          toast.error('Google Signup Error', { description: 'Failed to connect to Google. Please try again later.' });
        return;
      }
      if (mode === 'login') await finishLogin(google.accessToken);
      else await finishSignUp(google.accessToken, google.name, google.email);
    } finally {
      setPending(false);
    }
  }

  async function finishLogin(accessToken: string): Promise<void> {
    let tokens: SessionTokens;
    try {
      tokens = await logInWithGoogle(accessToken);
      completeSignIn(tokens, takeReturnTo() ?? takePreviousPage() ?? paths.home);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        toast.error('Account Not Found', {
          description: 'No account exists for this Google email. Please sign up first.',
        });
        navigate(paths.signup);
        return;
      }
      toast.error('Login Failed', { description: googleLoginFailure(error) });
      return;
    }
    toast.success('Success!', { description: "You've successfully logged in" });
  }

  async function finishSignUp(accessToken: string, name?: string, email?: string): Promise<void> {
    try {
      // Like a verified e-mail sign-up: back to where the sign-in started (a gift, the checkout).
      completeSignIn(await signUpWithGoogle(accessToken, name), takeReturnTo() ?? paths.home);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.error('Account Already Exists', {
          description: 'This Google account is already registered. Redirecting you to login...',
        });
        const query = new URLSearchParams({ ...(email ? { email } : {}), provider: 'google' });
        navigate(`${paths.login}?${query}`);
        return;
      }
      toast.error('Signup Error', { description: googleSignUpFailure(error) });
      return;
    }
    toast.success('Registration Successful', { description: 'Your account has been created successfully.' });
  }

  return { availability, pending, start };
}
