/**
 * Google Identity Services' token model: the script from accounts.google.com opens Google's own
 * consent pop-up and answers an OAuth access token, which the server then checks with Google
 * (README.md#configuration). Only the few types used here are declared.
 */
const GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
const GOOGLE_SCOPE = 'openid email profile';
const USER_INFO_URL = 'https://www.googleapis.com/oauth2/v3/userinfo';

interface TokenResponse {
  access_token?: string;
  error?: string;
  error_description?: string;
}

interface TokenClientConfig {
  client_id: string;
  scope: string;
  callback: (response: TokenResponse) => void;
  error_callback?: (error: { type: string; message?: string }) => void;
}

export interface GoogleOAuth2 {
  initTokenClient(config: TokenClientConfig): { requestAccessToken(): void };
}

declare global {
  interface Window {
    google?: { accounts?: { oauth2?: GoogleOAuth2 } };
  }
}

/** The person closed Google's pop-up: not an error worth a message. */
export class GoogleCancelledError extends Error {
  constructor() {
    super('Google sign-in was cancelled');
    this.name = 'GoogleCancelledError';
  }
}

let loading: Promise<GoogleOAuth2> | null = null;

/** Loads Google's script once; a failed load is forgotten so the next click tries again. */
export function loadGoogleIdentity(): Promise<GoogleOAuth2> {
  const ready = window.google?.accounts?.oauth2;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleOAuth2>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const oauth2 = window.google?.accounts?.oauth2;
      if (oauth2) resolve(oauth2);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Opens Google's consent pop-up and answers the access token it grants. */
export function requestGoogleAccessToken(oauth2: GoogleOAuth2, clientId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = oauth2.initTokenClient({
      client_id: clientId,
      scope: GOOGLE_SCOPE,
      callback: (response) => {
        if (response.access_token) resolve(response.access_token);
        else reject(new Error(response.error_description ?? response.error ?? 'Google gave no access token'));
      },
      error_callback: (error) => {
        reject(error.type === 'popup_closed' ? new GoogleCancelledError() : new Error(error.message ?? error.type));
      },
    });
    client.requestAccessToken();
  });
}

/** Google's user-info service (docs/product/accounts.md#sign-in-with-google): the e-mail and name behind an access token. */
export async function fetchGoogleProfile(accessToken: string): Promise<{ email?: string; name?: string }> {
  const response = await fetch(USER_INFO_URL, { headers: { Authorization: `Bearer ${accessToken}` } });
  if (!response.ok) throw new Error(`Google user-info answered ${response.status}`);
  const body = (await response.json()) as { email?: unknown; name?: unknown };
  return {
    email: typeof body.email === 'string' ? body.email : undefined,
    name: typeof body.name === 'string' ? body.name : undefined,
  };
}
