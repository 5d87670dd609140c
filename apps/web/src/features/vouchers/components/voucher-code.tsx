/** '7F3K-9QXM-2B8H-TV4N' (or the same without separators) as its groups of four. */
export function codeGroups(code: string): string[] {
  const parts = code.split(/[\s-]+/).filter(Boolean);
  if (parts.length > 1) return parts;
  return code.match(/.{1,4}/g) ?? [code];
}

/**
 * The code in large monospaced groups: real text (selectable, read by screen readers), never an
 * image. The groups are separated by real spaces, so a copied selection reads as typed.
 */
export function VoucherCode({ code }: { code: string }) {
  return (
    <p
      data-testid="voucher-code"
      className="text-center font-mono text-3xl leading-snug font-bold tracking-widest break-words text-black [word-spacing:0.25em] sm:text-4xl"
    >
      {codeGroups(code).join(' ')}
    </p>
  );
}
