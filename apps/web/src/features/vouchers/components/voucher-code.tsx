/** '7F3K-9QXM-2B8H-TV4N' (or the same without separators) as its groups of four. */
export function codeGroups(code: string): string[] {
  const parts = code.split(/[\s-]+/).filter(Boolean);
  if (parts.length > 1) return parts;
  return code.match(/.{1,4}/g) ?? [code];
}

/**
 * The code in large monospaced groups: real text (selectable, read by screen readers), never an
 * image. Two groups to a line, so a phone shows them whole; real spaces between them.
 */
export function VoucherCode({ code }: { code: string }) {
  const groups = codeGroups(code);
  return (
    <p
      data-testid="voucher-code"
      className="mx-auto grid w-fit grid-cols-2 gap-x-5 gap-y-1 text-center font-mono text-3xl font-bold tracking-widest text-black sm:text-4xl"
    >
      {groups.map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a group is a position in one fixed code
        <span key={index}>
          {group}
          {index < groups.length - 1 ? ' ' : ''}
        </span>
      ))}
    </p>
  );
}
