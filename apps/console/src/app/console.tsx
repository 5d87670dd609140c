import { ConsoleLayout } from '@console/app/console-layout';
import { type ConsolePage, consolePages, menuPages } from '@console/app/console-pages';
import { ConsolePageHeading } from '@console/components/console-page-heading';
import { OpsLoginPage } from '@console/features/sign-in';
import { consolePaths } from '@console/lib/console-paths';
import { setOpsSessionEndedListener } from '@console/lib/ops-client';
import { useOperator } from '@console/lib/use-operator';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, type RouteObject, useNavigate, useRoutes } from 'react-router';

/**
 * The operator console under /ops (decisions 047 and 052): the console's own entry (ops.html)
 * draws it, so none of it is in a shopper's first load. /ops/login signs in; every other page sits
 * in the console's layout and is listed in console-pages.tsx.
 */
export function OpsConsole() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setOpsSessionEndedListener(() => {
      queryClient.removeQueries({ queryKey: ['ops'] });
      void navigate(consolePaths.sessionEnded, { replace: true });
    });
    return () => setOpsSessionEndedListener(null);
  }, [navigate, queryClient]);

  return useRoutes(consoleRoutes);
}

/** The console's routes, relative to /ops (route objects through useRoutes, as the shop's router). */
const consoleRoutes: RouteObject[] = [
  { path: 'login', element: <OpsLoginPage /> },
  {
    element: <ConsoleLayout />,
    children: [
      { index: true, element: <ConsoleHome /> },
      ...consolePages.map((page) => ({ path: `${page.path}/*`, element: <AllowedPage page={page} /> })),
      { path: '*', element: <ConsoleNotFound /> },
    ],
  },
];

/** /ops: the first page of the menu the role may use. */
function ConsoleHome() {
  const { can } = useOperator();
  const first = menuPages.find((page) => can(page.capability));
  if (!first) return <ConsolePageHeading title="Operator console" />;
  return <Navigate to={`${consolePaths.home}/${first.path}`} replace />;
}

/** A page opened by its address: drawn for a role that may use it, plainly refused otherwise. */
function AllowedPage({ page }: { page: ConsolePage }) {
  const { can, role } = useOperator();
  if (!can(page.capability)) {
    return (
      <>
        <ConsolePageHeading title={page.label} />
        <p className="mt-4 text-gray-700">
          Your role ({role}) may not use {page.label}. Ask an admin if you need it.
        </p>
      </>
    );
  }
  const { Page } = page;
  return <Page />;
}

function ConsoleNotFound() {
  return (
    <>
      <ConsolePageHeading title="Page not found" />
      <p className="mt-4 text-gray-700">
        The console has no such page.{' '}
        <Link to={consolePaths.home} className="link">
          Go to the console's first page
        </Link>
        .
      </p>
    </>
  );
}
