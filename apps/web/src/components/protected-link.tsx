import type { MouseEvent } from 'react';
import { Link, type LinkProps, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { rememberReturnTo } from '@/lib/auth/redirect-storage';
import { useSessionStore } from '@/lib/auth/session-store';

interface ProtectedLinkProps extends Omit<LinkProps, 'to'> {
  to: string;
}

/**
 * A link to a page that needs login (docs/product/README.md#access): a guest's click is blocked, the
 * wanted path is remembered as returnTo and the guest goes to /login. While the session is still
 * being checked the link works normally: the page's own guard decides once the check ends.
 */
export function ProtectedLink({ to, onClick, ...props }: ProtectedLinkProps) {
  const navigate = useNavigate();
  const isGuest = useSessionStore((state) => state.status === 'guest');

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !isGuest) return;
    event.preventDefault();
    rememberReturnTo(to);
    navigate(paths.login);
  }

  return <Link to={to} onClick={handleClick} {...props} />;
}
