import { api } from '@console/lib/api';
import { installFakeApiOn, type Routes, type SentRequest } from '@gvm/web-lib/test/fake-api';

export { fakeEndpoint, type Routes } from '@gvm/web-lib/test/fake-api';

/** The console's API client answered by the test's in-memory server (`installFakeApiOn`). */
export function installFakeApi(routes: Routes): { requests: SentRequest[]; restore(): void } {
  return installFakeApiOn(api, routes);
}
