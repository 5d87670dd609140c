import { describe, expect, it } from 'vitest';
import { chatTextParts, fillCannedReply, firstNameOf } from './support-chat-text';

describe('chat text shown without HTML', () => {
  it('makes http and https addresses links and leaves everything else text', () => {
    expect(chatTextParts('See https://example.com/help, or call us.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/help', href: 'https://example.com/help' },
      { kind: 'text', text: ', or call us.' },
    ]);
  });

  it('never links javascript: or data: addresses, and keeps markup as text', () => {
    const body = 'javascript:alert(1) data:text/html,<b>x</b> <a href="https://x.test">y</a>';
    const parts = chatTextParts(body);
    expect(parts.filter((part) => part.kind === 'link').map((part) => part.href)).toEqual(['https://x.test']);
    expect(parts.map((part) => part.text).join('')).toBe(body);
  });
});

describe('canned replies', () => {
  it('fills {firstName} with the first word of the name, or "there"', () => {
    expect(fillCannedReply('Hi {firstName}, thanks {firstName}!', { firstName: firstNameOf('Ada Lovelace') })).toBe(
      'Hi Ada, thanks Ada!',
    );
    expect(firstNameOf('  ')).toBe('there');
  });
});
