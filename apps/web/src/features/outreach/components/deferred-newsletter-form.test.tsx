import { NEWSLETTER_SUCCESS_MESSAGE, outreachEndpoints } from '@gvm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { DeferredNewsletterForm } from '../index';

let restoreApi = () => {};
afterEach(() => restoreApi());

function renderDeferred() {
  const fake = installFakeApi({
    ...fakeEndpoint(outreachEndpoints.subscribeToNewsletter, () => ({
      status: 200,
      body: { message: NEWSLETTER_SUCCESS_MESSAGE },
    })),
  });
  restoreApi = fake.restore;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeferredNewsletterForm />
    </QueryClientProvider>,
  );
  return fake;
}

describe('DeferredNewsletterForm (decision 023)', () => {
  it('draws the same named form, field and button before its code has loaded', () => {
    renderDeferred();
    const form = screen.getByRole('form', { name: 'Newsletter sign-up' });
    expect(form).toContainElement(screen.getByLabelText('Email address'));
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('sends an address typed and submitted before the form had loaded, once, and thanks', async () => {
    const fake = renderDeferred();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Thank you for subscribing!')).toBeInTheDocument();
    expect(fake.requests).toEqual([
      expect.objectContaining({ method: 'POST', path: '/outreach/newsletter', body: { email: 'ada@example.com' } }),
    ]);
  });

  it('stays under the shopper while they type, then gives way with what they typed', async () => {
    renderDeferred();
    const placeholder = screen.getByLabelText('Email address');
    placeholder.focus();
    fireEvent.change(placeholder, { target: { value: 'ada@' } });
    // The code loads on focus, but the focused field is not swapped under the shopper.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByLabelText('Email address')).toBe(placeholder);
    expect(placeholder).toHaveFocus();
    placeholder.blur();
    await waitFor(() => expect(screen.getByLabelText('Email address')).not.toBe(placeholder));
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@');
  });

  it('hands a submit from the focused field over with the focus', async () => {
    const fake = renderDeferred();
    const placeholder = screen.getByLabelText('Email address');
    placeholder.focus();
    fireEvent.change(placeholder, { target: { value: 'ada@example.com' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Newsletter sign-up' }));
    expect(await screen.findByText('Thank you for subscribing!')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(fake.requests).toHaveLength(1);
  });
});
