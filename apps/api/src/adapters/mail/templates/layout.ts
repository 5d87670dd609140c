import { escapeHtml, escapeMultiline, oneLine } from './escape';

export const productName = 'UGM Gift Marketplace';

/** What every template returns; the caller adds `to` (and `replyTo`) and queues it. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The pieces an e-mail is made of. Each renders to both parts, so the plain-text and HTML
 * versions always say the same thing.
 */
export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; code: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'fields'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { kind: 'quote'; text: string }
  | { kind: 'note'; text: string }
  /** A picture (the gift card's art): HTML only, the text part has the same facts in words. */
  | { kind: 'image'; src: string; alt: string; width: number; height: number };

export interface EmailContent {
  subject: string;
  heading: string;
  /** The preview line mail clients show beside the subject. */
  preview: string;
  blocks: EmailBlock[];
}

/**
 * The voucher's gift-card art (a PNG: many mail clients show no SVG) at half its 428 x 270 pixels,
 * sharp on dense screens (decision 028).
 */
export function cardArtBlock(artUrl: string, merchantName: string, amount: string): EmailBlock {
  return { kind: 'image', src: artUrl, alt: `${merchantName} gift card, ${amount}`, width: 214, height: 135 };
}

const font = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const brand = '#be123c';

/** Renders content into the product's one e-mail layout: a text part and an HTML part. */
export function renderEmail(content: EmailContent): RenderedEmail {
  const subject = oneLine(content.subject);
  return { subject, text: renderText(content), html: renderHtml(subject, content) };
}

function renderText(content: EmailContent): string {
  const blocks = content.blocks.map(textOf).filter((text): text is string => text !== null);
  return [content.heading, ...blocks, `— ${productName}`].join('\n\n').concat('\n');
}

function textOf(block: EmailBlock): string | null {
  switch (block.kind) {
    case 'image':
      return null;
    case 'paragraph':
    case 'note':
      return block.text;
    case 'code':
      return `    ${block.code}`;
    case 'button':
      return `${block.label}: ${block.url}`;
    case 'fields':
      return block.rows
        .map(([label, value]) => `${label}:${value.includes('\n') ? `\n${value}` : ` ${value}`}`)
        .join('\n');
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
  }
}

function renderHtml(subject: string, content: EmailContent): string {
  const body = content.blocks.map(renderBlock).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f4f5;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f4f4f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background-color:#ffffff;border:1px solid #e4e4e7;border-radius:12px;">
<tr><td style="padding:20px 32px;border-bottom:1px solid #e4e4e7;${font}font-size:18px;font-weight:700;color:${brand};">${productName}</td></tr>
<tr><td style="padding:28px 32px;${font}font-size:16px;line-height:1.5;color:#27272a;">
<h1 style="margin:0 0 16px;${font}font-size:22px;line-height:1.3;color:#18181b;">${escapeHtml(content.heading)}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e4e4e7;${font}font-size:13px;line-height:1.5;color:#52525b;">Sent by ${productName}.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function renderBlock(block: EmailBlock): string {
  switch (block.kind) {
    case 'image':
      return `<p style="margin:0 0 20px;"><img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="${block.width}" height="${block.height}" style="display:block;border:0;border-radius:12px;max-width:100%;height:auto;"></p>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px;">${escapeMultiline(block.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;font-size:14px;color:#52525b;">${escapeMultiline(block.text)}</p>`;
    case 'code':
      return `<p style="margin:0 0 16px;font-family:'SFMono-Regular',Menlo,Consolas,monospace;font-size:32px;font-weight:700;letter-spacing:6px;color:#18181b;">${escapeHtml(block.code)}</p>`;
    case 'button':
      return `<p style="margin:0 0 16px;"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background-color:${brand};color:#ffffff;font-weight:600;text-decoration:none;">${escapeHtml(block.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52525b;word-break:break-all;">Or paste this link into your browser: ${escapeHtml(block.url)}</p>`;
    case 'fields':
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;width:100%;border-collapse:collapse;">
${block.rows
  .map(
    ([label, value]) =>
      `<tr><th scope="row" align="left" valign="top" style="padding:6px 12px 6px 0;font-weight:600;white-space:nowrap;color:#3f3f46;">${escapeHtml(label)}</th><td style="padding:6px 0;color:#27272a;">${escapeMultiline(value)}</td></tr>`,
  )
  .join('\n')}
</table>`;
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #e4e4e7;background-color:#fafafa;color:#3f3f46;">${escapeMultiline(block.text)}</blockquote>`;
  }
}
