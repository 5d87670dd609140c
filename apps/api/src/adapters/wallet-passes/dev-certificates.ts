import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import type { AppleWalletSigning } from '../../config';

/**
 * A development stand-in for Apple's certificates (decision 071): a CA playing Apple's WWDR
 * intermediate and a pass type certificate it signs, with the pass type id in its subject as
 * Apple's has. Made once and kept in DATA_DIR, so passes built across restarts verify against the
 * same CA. An iPhone installs only passes signed by a certificate Apple issued: these passes are
 * for building and verifying (`openssl smime -verify -CAfile <DATA_DIR>/wallet-pass-dev/wwdr.pem`).
 */
export const DEV_PASS_TYPE_ID = 'pass.localhost.giftmarketplace';
export const DEV_TEAM_ID = 'DEVTEAM000';
export const DEV_CHAIN_FOLDER = 'wallet-pass-dev';

interface DevChainFiles {
  wwdr: string;
  signerCert: string;
  signerKey: string;
}

const FILES: Record<keyof DevChainFiles, string> = {
  wwdr: 'wwdr.pem',
  signerCert: 'pass-certificate.pem',
  signerKey: 'pass-key.pem',
};

/** Node makes the RSA keys (fast, native); forge writes the certificates around them. */
function keyPair(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; pem: string } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(pem);
  return { privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e), pem };
}

function certificate(
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
  publicKey: forge.pki.rsa.PublicKey,
  signingKey: forge.pki.rsa.PrivateKey,
  extensions: object[],
): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(extensions);
  cert.sign(signingKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

function generateChain(): DevChainFiles {
  const ca = keyPair();
  const caName = [
    { name: 'commonName', value: 'Gift Marketplace Development WWDR CA' },
    { name: 'organizationName', value: 'Gift Marketplace (development)' },
  ];
  const wwdr = certificate(caName, caName, ca.publicKey, ca.privateKey, [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  const signer = keyPair();
  const signerName = [
    { type: '0.9.2342.19200300.100.1.1', value: DEV_PASS_TYPE_ID },
    { name: 'commonName', value: `Pass Type ID: ${DEV_PASS_TYPE_ID}` },
    { name: 'organizationalUnitName', value: DEV_TEAM_ID },
    { name: 'organizationName', value: 'Gift Marketplace (development)' },
  ];
  const signerCert = certificate(signerName, caName, signer.publicKey, ca.privateKey, [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, critical: true },
  ]);
  return { wwdr, signerCert, signerKey: signer.pem };
}

const inMemory = new Map<string, DevChainFiles>();

/**
 * The development chain of `dataDir`, generated on first use and kept there (mode 0600 for the
 * key). Without a DATA_DIR (the API tests' configuration) it is kept in memory for the process.
 */
export function developmentSigning(dataDir: string): AppleWalletSigning {
  const folder = dataDir ? path.join(dataDir, DEV_CHAIN_FOLDER) : '';
  let chain = inMemory.get(folder);
  if (!chain && folder && Object.values(FILES).every((file) => existsSync(path.join(folder, file)))) {
    const read = (file: string) => readFileSync(path.join(folder, file), 'utf8');
    chain = { wwdr: read(FILES.wwdr), signerCert: read(FILES.signerCert), signerKey: read(FILES.signerKey) };
  }
  if (!chain) {
    chain = generateChain();
    if (folder) {
      mkdirSync(folder, { recursive: true });
      for (const [part, file] of Object.entries(FILES)) {
        writeFileSync(path.join(folder, file), chain[part as keyof DevChainFiles], { mode: 0o600 });
      }
    }
  }
  inMemory.set(folder, chain);
  return { passTypeId: DEV_PASS_TYPE_ID, teamId: DEV_TEAM_ID, signerKeyPassphrase: undefined, ...chain };
}
