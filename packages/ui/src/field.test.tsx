import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Input } from './input';

describe('Field: a label, its control, a hint and an error, wired for screen readers', () => {
  it('names the control by its label and describes it by the hint; valid, it is not marked invalid', () => {
    render(
      <Field id="send-on" label="Delivery date" hint="Sent at 9am UK time.">
        {(control) => <Input {...control} type="date" />}
      </Field>,
    );
    const input = screen.getByLabelText('Delivery date');
    expect(input).toHaveAttribute('id', 'send-on');
    expect(input).toHaveAccessibleDescription('Sent at 9am UK time.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('with an error, marks the control invalid and adds the error to its description', () => {
    render(
      <Field id="login-email" label="Email" hint="The address you signed up with." error="Please enter a valid email">
        {(control) => <Input {...control} type="email" />}
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'login-email-hint login-email-error');
    expect(input).toHaveAccessibleDescription('The address you signed up with. Please enter a valid email');
    // Shown, not announced: the toast says it already.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces the error where asked, and points at a message elsewhere when invalid without one', () => {
    const { rerender } = render(
      <Field id="voucher-link" label="Voucher link" error="Gift not found" announceError>
        {(control) => <Input {...control} />}
      </Field>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Gift not found');

    rerender(
      <>
        <p id="outcome">Please enter your name</p>
        <Field id="name" label="Your name" required invalid describedBy="outcome">
          {(control) => <Input {...control} />}
        </Field>
      </>,
    );
    // The asterisk is for the eye; the name stays the label's text.
    const input = screen.getByRole('textbox', { name: 'Your name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter your name');
  });
});
