import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';

/** Shown when a page fails to load or throws: a message and a way on, never a blank screen. */
export function RouteError() {
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-gray-600">This page could not be shown. Please try again.</p>
      <div className="mt-8 flex justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
        >
          Try again
        </button>
        <Link to="/" className="rounded-md border border-gray-300 px-5 py-2.5 font-medium hover:bg-gray-50">
          Go home
        </Link>
      </div>
    </section>
  );
}

/**
 * Catches what a page throws while rendering, and a page chunk that fails to load, and shows
 * RouteError in its place. The shell keys it by path, so going elsewhere tries again.
 */
interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** Told when it shows RouteError. */
  onError?(): void;
}

export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
    this.props.onError?.();
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
