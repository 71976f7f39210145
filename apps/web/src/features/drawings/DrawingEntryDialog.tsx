// The drawing entry dialog for drawing and pack_drawing drops (issue 15). The drop pages open it; the
// drawings feature owns its body (validated profile, entries, backing, result).
import { Dialog } from '../../ui/Dialog';

export interface DrawingEntryDialogProps {
  contractAddress: string;
  niftyType: number;
  open: boolean;
  onClose: () => void;
}

export function DrawingEntryDialog({ open, onClose }: DrawingEntryDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Enter Drawing">
      <p>Drawings are not open yet.</p>
    </Dialog>
  );
}
