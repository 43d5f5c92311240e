import { WELLBEING_TEXTS } from '../../../contract/wellbeing';
import { Dialog } from '../../../ui/lazy-dialog';
import { WellbeingSection } from './wellbeing-section';

/**
 * The wellbeing choices from the moderation screen: operators have no profile screen (SPEC §6),
 * yet choose how sensitive media shows and whether it plays with sound.
 */
export function WellbeingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={WELLBEING_TEXTS.profileTitle}
      closeLabel={WELLBEING_TEXTS.closeDialog}
      size="md"
    >
      <div className="px-5 py-4">
        <WellbeingSection framed={false} />
      </div>
    </Dialog>
  );
}
