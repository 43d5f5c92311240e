import { useState } from 'react';
import type { ContentToolItem } from '../../../contract/content-tool';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FormError } from '../../../ui/form/form-error';
import { TextareaField } from '../../../ui/form/text-field';
import { useItemAction } from '../api/content-tool-calls';
import { CONTENT_TOOL_TEXTS as TEXTS, type ToolAction } from '../content-tool-texts';

/**
 * The confirmation of a requeue, discard or redeliver: what will happen to the item, and an
 * optional reason that goes with it into the audit log and the timeline. A refusal (the item
 * changed meanwhile) shows in the dialog, which stays open.
 */
export function ItemActionDialog({
  item,
  action,
  onClose,
}: {
  item: ContentToolItem;
  action: ToolAction | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const mutation = useItemAction();
  const close = () => {
    setReason('');
    mutation.reset();
    onClose();
  };
  if (action === null) return null;
  return (
    <ConfirmDialog
      open
      title={TEXTS.actionTitles[action](item.id)}
      description={TEXTS.actionEffects[action](item)}
      confirmLabel={TEXTS.actions[action]}
      busyLabel={TEXTS.busy[action]}
      tone={action === 'discard' ? 'danger' : 'primary'}
      focus="cancel"
      busy={mutation.isPending}
      testId="item-action-dialog"
      onCancel={close}
      onConfirm={() =>
        mutation.mutate(
          { action, id: item.id, reason },
          {
            onSuccess: () => {
              notify.success(TEXTS.actionDone[action](item.id));
              close();
            },
          },
        )
      }
    >
      <div className="space-y-3">
        <TextareaField
          label={TEXTS.reason}
          hint={TEXTS.reasonHint}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={setReason}
        />
        <FormError message={mutation.isError ? errorMessage(mutation.error) : null} />
      </div>
    </ConfirmDialog>
  );
}
