import { Link } from 'react-router';

export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b border-gray-100 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center px-4">
        <Link to="/" className="text-xl font-bold text-brand-600">
          UGM
        </Link>
      </div>
    </header>
  );
}
