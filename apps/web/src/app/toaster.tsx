import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { markToasterReady } from '@/lib/toast';

/** docs/product/README.md#web-client: 3 visible, 4000 ms, 14 px gap, 356 px wide (sonner's own width), swipe at 20 px. */
export default function AppToaster() {
  useEffect(markToasterReady, []);
  return <Toaster visibleToasts={3} duration={4000} gap={14} position="bottom-right" richColors closeButton />;
}
