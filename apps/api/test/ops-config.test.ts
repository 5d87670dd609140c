import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../src/config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'gvm-ops-config-'));

describe('OPS_ADMINS', () => {
  it('is empty by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).opsAdmins).toEqual([]);
    expect(testConfig().opsAdmins).toEqual([]);
  });

  it('reads comma-separated addresses, trimmed, lower-case, once each', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      OPS_ADMINS: ' Boss@UGM.example, ops@ugm.example,,boss@ugm.example ',
    });
    expect(config.opsAdmins).toEqual(['boss@ugm.example', 'ops@ugm.example']);
  });

  it('stops start-up on an address that is not one, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), OPS_ADMINS: 'boss@ugm.example, not-an-address' })).toThrow(
      /OPS_ADMINS/,
    );
  });
});
