import { callOps } from '@console/lib/ops-client';
import {
  type ApplicationDetail,
  type ApplicationListQuery,
  type ApplicationStatusRequest,
  opsInboxEndpoints,
} from '@gvm/contract/ops-inbox';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const partnersKey = ['ops', 'partners'] as const;

/** GET /ops/partners (partnerships, admin): the queue, newest first, by state. */
export function useApplications(query: ApplicationListQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...partnersKey, 'list', query],
      queryFn: () => callOps(opsInboxEndpoints.applications, { query }),
      retry: false,
    }),
  );
}

const applicationKey = (applicationId: string) => [...partnersKey, 'one', applicationId] as const;

/** GET /ops/partners/:applicationId: the application and its notes. */
export function useApplication(applicationId: string) {
  return useQuery(
    queryOptions({
      queryKey: applicationKey(applicationId),
      queryFn: () => callOps(opsInboxEndpoints.application, { params: { applicationId } }),
      retry: false,
    }),
  );
}

function useSettle(applicationId: string) {
  const queryClient = useQueryClient();
  return (detail: ApplicationDetail) => {
    queryClient.setQueryData(applicationKey(applicationId), detail);
    return queryClient.invalidateQueries({ queryKey: [...partnersKey, 'list'] });
  };
}

/** POST /ops/partners/:applicationId/notes. */
export function useAddApplicationNote(applicationId: string) {
  const settle = useSettle(applicationId);
  return useMutation({
    mutationFn: (body: string) =>
      callOps(opsInboxEndpoints.addApplicationNote, { params: { applicationId }, body: { body } }),
    onSuccess: settle,
  });
}

/** POST /ops/partners/:applicationId/status: start review, accept or reject (the last two e-mail the applicant). */
export function useSetApplicationStatus(applicationId: string) {
  const settle = useSettle(applicationId);
  return useMutation({
    mutationFn: (change: ApplicationStatusRequest) =>
      callOps(opsInboxEndpoints.setApplicationStatus, { params: { applicationId }, body: change }),
    onSuccess: settle,
  });
}
