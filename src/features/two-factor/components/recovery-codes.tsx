import { useState } from 'react';
import { notify } from '../../../lib/notices';
import { CheckboxField } from '../../../ui/form/checkbox-field';
import { TWO_FACTOR_UI_TEXTS as T } from '../two-factor-texts';

export function copyText(text: string): void {
  navigator.clipboard.writeText(text).then(
    () => notify.success(T.copied),
    () => notify.error('The browser did not allow copying. Select the text and copy it.'),
  );
}

function download(codes: readonly string[]): void {
  const blob = new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = T.codesFileName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Recovery codes, shown once: the server keeps only their hashes. Done stays disabled until
 * the user says they saved them, so they are not clicked away unread.
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = T.done,
}: {
  codes: readonly string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const [saved, setSaved] = useState(false);
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-600 dark:text-zinc-400">{T.codesIntro}</p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-stone-100 px-4 py-3 font-mono text-sm dark:bg-zinc-800"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex gap-2">
        <button type="button" className="btn-secondary" onClick={() => copyText(codes.join('\n'))}>
          {T.copyCodes}
        </button>
        <button type="button" className="btn-secondary" onClick={() => download(codes)}>
          {T.downloadCodes}
        </button>
      </div>
      <CheckboxField label={T.saved} value={saved} onChange={setSaved} />
      <button type="button" className="btn-primary w-full" disabled={!saved} onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}
