import '@gvm/web-lib/test/setup';
import { markToasterReady } from '@/lib/toast';

// The tests mount sonner's Toaster themselves (test/render-routes.tsx): toasts need not wait for the app's.
markToasterReady();
