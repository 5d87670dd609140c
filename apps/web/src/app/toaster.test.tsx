import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/auth/session-store';
import AppToaster from './toaster';

afterEach(() => {
  toast.dismiss();
  useSessionStore.setState({ status: 'guest' });
});

/** The bottom offset of the toasts' stack once one toast shows on `path`. */
async function toastsBottomAt(path: string): Promise<string | undefined> {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppToaster />
    </MemoryRouter>,
  );
  toast('Saved');
  await screen.findByText('Saved');
  const stack = document.querySelector<HTMLElement>('[data-sonner-toaster]');
  return stack?.style.getPropertyValue('--offset-bottom');
}

describe('the toasts and the support chat (docs/product/support-chat.md#in-the-browser)', () => {
  it("stand above the chat's launcher where a signed-in shopper has it", async () => {
    useSessionStore.setState({ status: 'authenticated' });
    expect(await toastsBottomAt('/wallet')).toBe('88px');
  });

  it("keep sonner's own place where there is no launcher", async () => {
    useSessionStore.setState({ status: 'authenticated' });
    expect(await toastsBottomAt('/cart')).toBe('24px');
  });

  it('keep it for a guest, who never has the launcher', async () => {
    expect(await toastsBottomAt('/wallet')).toBe('24px');
  });
});
