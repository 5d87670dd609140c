export function Footer() {
  return <footer className="border-t border-gray-100 py-8 text-center text-sm text-gray-500">© 2025 UGM</footer>;
}
