import { z } from 'zod';

/**
 * Text from a client (decision 027). Every string field of a request — body, query and path
 * parameters — starts from `text()` or `multilineText()` instead of `z.string()`, so a control
 * character or a broken UTF-16 sequence is refused with a 400 and a field error before it reaches
 * a service, a database (PostgreSQL refuses NUL in text) or an e-mail. `text.test.ts` fails when a
 * request's string field does not.
 *
 * Refused: C0 controls (U+0000-U+001F), DEL and C1 controls (U+007F-U+009F) and lone surrogates
 * (U+D800-U+DFFF not in a pair). Multi-line fields (messages) keep tab, line feed and carriage
 * return. Surrogate pairs (emoji) are accepted. The patterns mean the same with or without the
 * `u` flag, so the OpenAPI document's `pattern` reads the same to any JSON Schema validator.
 *
 * Both trim surrounding whitespace first, so a line break pasted after an address or a name is
 * dropped rather than refused; inside single-line text a tab or line break is refused.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'Please remove control characters from this text';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
export const singleLineTextPattern = /^(?:[^\u0000-\u001f\u007f-\u009f\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

export const multilineTextPattern =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  /^(?:[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

type StringParams = Parameters<typeof z.string>[0];

/** One line of text from a client (a name, an id, a search), trimmed: no control characters at all. */
export function text(params?: StringParams) {
  return z.string(params).trim().regex(singleLineTextPattern, CONTROL_CHARACTERS_MESSAGE);
}

/** Text that may span lines (a message), trimmed: tab, line feed and carriage return are allowed. */
export function multilineText(params?: StringParams) {
  return z.string(params).trim().regex(multilineTextPattern, CONTROL_CHARACTERS_MESSAGE);
}
