import { PASS_NO_LONGER_VALID, toMajorUnits } from '@gvm/contract';
import { PKPass } from 'passkit-generator';
import type { AppleWalletSigning } from '../../config';
import { rgbOf, solidPng } from './png';

/** What a voucher's pass shows: its code while it is the holder's to use, else 'No longer valid'. */
export interface PassContent {
  serial: string;
  /** Sent back by the device as `Authorization: ApplePass <it>`; at least 16 characters. */
  authenticationToken: string;
  webServiceUrl: string;
  merchantName: string;
  brandColor: string;
  /** Minor units. */
  value: number;
  currency: string;
  barcodeFormat: 'qr' | 'code128';
  /** The till page (/vouchers/:id), on the back. */
  tillUrl: string;
  termsAndConditions: string;
  /** The code, PIN and card page while usable; null once the pass is no longer valid. */
  secret: { code: string | null; pin: string | null; url: string | null } | null;
}

const barcodeFormats = { qr: 'PKBarcodeFormatQR', code128: 'PKBarcodeFormatCode128' } as const;

/** Light text on a dark brand colour, dark text on a light one (relative luminance). */
function textColourOn([r, g, b]: readonly [number, number, number]): string {
  const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  return luminance > 0.6 ? 'rgb(0, 0, 0)' : 'rgb(255, 255, 255)';
}

/**
 * The voucher as an Apple Wallet store card (`.pkpass`), signed with the pass type certificate by
 * passkit-generator (manifest.json of SHA-1 hashes, its PKCS#7 detached signature). The barcode
 * is the code (QR, or Code 128 where the merchant's tills need it) with the code as its text; a
 * pass no longer valid carries no barcode, no code and no PIN, and is marked voided.
 */
export function buildPkpass(signing: AppleWalletSigning, content: PassContent): Buffer {
  const rgb = rgbOf(content.brandColor);
  const foreground = textColourOn(rgb);
  const pass = new PKPass(
    {
      'icon.png': solidPng(29, 29, rgb),
      'icon@2x.png': solidPng(58, 58, rgb),
      'icon@3x.png': solidPng(87, 87, rgb),
      'logo.png': solidPng(50, 50, rgb),
      'logo@2x.png': solidPng(100, 100, rgb),
    },
    {
      wwdr: signing.wwdr,
      signerCert: signing.signerCert,
      signerKey: signing.signerKey,
      ...(signing.signerKeyPassphrase ? { signerKeyPassphrase: signing.signerKeyPassphrase } : {}),
    },
    {
      formatVersion: 1,
      passTypeIdentifier: signing.passTypeId,
      teamIdentifier: signing.teamId,
      serialNumber: content.serial,
      organizationName: content.merchantName,
      description: `${content.merchantName} gift voucher`,
      logoText: content.merchantName,
      backgroundColor: `rgb(${rgb.join(', ')})`,
      foregroundColor: foreground,
      labelColor: foreground,
      webServiceURL: content.webServiceUrl,
      authenticationToken: content.authenticationToken,
      sharingProhibited: true,
      ...(content.secret ? {} : { voided: true }),
    },
  );
  pass.type = 'storeCard';
  const { secret } = content;
  if (secret) {
    pass.primaryFields.push({
      key: 'balance',
      label: 'VALUE',
      value: toMajorUnits(content.value),
      currencyCode: content.currency,
    });
    if (secret.code) pass.secondaryFields.push({ key: 'code', label: 'CODE', value: secret.code });
    if (secret.pin) pass.auxiliaryFields.push({ key: 'pin', label: 'PIN', value: secret.pin });
    if (secret.code) {
      pass.setBarcodes({
        format: barcodeFormats[content.barcodeFormat],
        message: secret.code,
        messageEncoding: 'iso-8859-1',
        altText: secret.code,
      });
    }
    if (secret.url) pass.backFields.push({ key: 'card', label: 'Your gift card', value: secret.url });
  } else {
    pass.primaryFields.push({ key: 'status', label: 'VOUCHER', value: PASS_NO_LONGER_VALID });
    pass.setBarcodes(null);
  }
  pass.backFields.push({ key: 'till', label: 'Your voucher', value: content.tillUrl });
  if (content.termsAndConditions) {
    pass.backFields.push({ key: 'terms', label: 'Terms and conditions', value: content.termsAndConditions });
  }
  return pass.getAsBuffer();
}
