import clsx from 'clsx';

/**
 * A long value cut to a preview, with the whole text in a tooltip (and so in the accessible
 * description) when it was cut. `cut` is the screen's rule, e.g. preview() of the dashboard.
 */
export function TruncatedText({
  text,
  cut,
  mono = false,
}: {
  text: string | null | undefined;
  cut: (text: string) => string;
  mono?: boolean;
}) {
  const full = text ?? '';
  const shown = cut(full);
  return (
    <span className={clsx(mono && 'font-mono text-xs')} title={shown !== full ? full : undefined}>
      {shown}
    </span>
  );
}
