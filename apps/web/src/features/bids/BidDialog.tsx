// The Place Bid dialog for auction, ranked_auction and silent_auction (issue 15). The drop and item
// pages open it; the bids feature owns its body (minimum-bid rules, backing, result).
import type { SaleType } from '@vitrine/domain';
import { Dialog } from '../../ui/Dialog';

export interface BidDialogProps {
  contractAddress: string;
  niftyType: number;
  saleType: Extract<SaleType, 'auction' | 'ranked_auction' | 'silent_auction'> | SaleType;
  open: boolean;
  onClose: () => void;
}

export function BidDialog({ open, onClose }: BidDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Place Bid">
      <p>Bidding is not open yet.</p>
    </Dialog>
  );
}
