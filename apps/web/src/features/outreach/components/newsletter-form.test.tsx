import { NEWSLETTER_SUCCESS_MESSAGE, outreachEndpoints } from '@gvm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { NewsletterForm } from '../index';

let restoreApi = () => {};
afterEach(() => restoreApi());

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NewsletterForm />
    </QueryClientProvider>,
  );
  return {
    email: screen.getByLabelText('Email address'),
    subscribe: screen.getByRole('button', { name: 'Subscribe' }),
  };
}

describe('NewsletterForm', () => {
  it('sends the address to the newsletter endpoint and shows the thanks, field cleared', async () => {
    const fake = installFakeApi({
      ...fakeEndpoint(outreachEndpoints.subscribeToNewsletter, () => ({
        status: 200,
        body: { message: NEWSLETTER_SUCCESS_MESSAGE },
      })),
    });
    restoreApi = fake.restore;
    const { email, subscribe } = renderForm();
    await userEvent.type(email, ' ada@example.com ');
    await userEvent.click(subscribe);
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for subscribing!');
    expect(email).toHaveValue('');
    expect(fake.requests).toEqual([
      expect.objectContaining({ method: 'POST', path: '/outreach/newsletter', body: { email: 'ada@example.com' } }),
    ]);
  });

  it("shows the server's error, and sends nothing for an address the spec's pattern refuses", async () => {
    const fake = installFakeApi({
      ...fakeEndpoint(outreachEndpoints.subscribeToNewsletter, () => ({
        status: 429,
        body: { error: 'Too many requests. Please try again in 10 minutes.' },
      })),
    });
    restoreApi = fake.restore;
    const { email, subscribe } = renderForm();
    await userEvent.type(email, 'ada@example');
    await userEvent.click(subscribe);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(fake.requests).toEqual([]);

    await userEvent.type(email, '.com');
    await userEvent.click(subscribe);
    expect(await screen.findByText('Too many requests. Please try again in 10 minutes.')).toBeInTheDocument();
    expect(fake.requests).toHaveLength(1);
  });
});
