import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import AppToaster from './toaster';

afterEach(() => {
  toast.dismiss();
  document.documentElement.removeAttribute('data-chat-launcher');
});

/** The toasts' stack once one toast shows. */
async function toastStack(): Promise<HTMLElement | null> {
  render(<AppToaster />);
  toast('Saved');
  await screen.findByText('Saved');
  return document.querySelector<HTMLElement>('[data-sonner-toaster]');
}

describe('the toasts and the support chat (docs/product/support-chat.md#in-the-browser)', () => {
  it("set sonner's own offsets inline, which the launcher's rule in index.css overrides", async () => {
    const stack = await toastStack();
    expect(stack?.style.getPropertyValue('--offset-bottom')).toBe('24px');
    const css = readFileSync(path.resolve(import.meta.dirname, '../../../../packages/ui/src/styles.css'), 'utf8');
    const rule = css.slice(css.indexOf('html[data-chat-launcher] [data-sonner-toaster] {'));
    expect(rule.slice(0, rule.indexOf('}'))).toMatch(
      /--offset-bottom: 88px !important;[^}]*--mobile-offset-bottom: 76px !important;/,
    );
  });
});
