import { callOps } from '@console/lib/ops-client';
import { type OperatorCodeRequest, type OperatorVerifyCodeRequest, opsEndpoints } from '@gvm/contract/ops';
import { useMutation } from '@tanstack/react-query';

/**
 * The operator's sign-in (docs/product/operators.md#sign-in): the e-mailed code, then the
 * authenticator. The pending token of the second step is passed to each call, never stored; the
 * full session is the cookies the last step's answer sets (decision 073).
 */
export function useRequestOperatorCode() {
  return useMutation({
    mutationFn: (body: OperatorCodeRequest) => callOps(opsEndpoints.requestCode, { body }, { token: null }),
  });
}

export function useVerifyOperatorCode() {
  return useMutation({
    mutationFn: (body: OperatorVerifyCodeRequest) => callOps(opsEndpoints.verifyCode, { body }, { token: null }),
  });
}

export function useTotpSetup() {
  return useMutation({
    mutationFn: (pendingToken: string) => callOps(opsEndpoints.totpSetup, {}, { token: pendingToken }),
  });
}

export function useTotpVerify() {
  return useMutation({
    mutationFn: ({ pendingToken, code }: { pendingToken: string; code: string }) =>
      callOps(opsEndpoints.totpVerify, { body: { code } }, { token: pendingToken }),
  });
}
