// The seller's 'sold' alert after a resale (decision 014): the bell says what sold and what they received, and
// their open pages read the balance again. In the background after the commit; the "sold" email says it with the
// fees, so the alert sends none. A publisher's primary sales send none: a drop day would send thousands.
import { SALES_PATH, soldAlertMessage } from '@vitrine/domain';
import type { Background } from '../../lib/background';
import type { AlertsService } from '../live/alerts.service';

export function sendSoldAlert(
  deps: { alerts?: Pick<AlertsService, 'send'> | undefined; background?: Background | undefined },
  sellerId: number,
  sale: { what: string; priceCents: number; proceedsCents: number; key: string },
): void {
  const { alerts, background } = deps;
  if (!alerts || !background) return;
  background.run(async () => {
    await alerts.send(sellerId, {
      kind: 'sold',
      message: soldAlertMessage(sale.what, sale.priceCents, sale.proceedsCents),
      link: SALES_PATH,
      key: sale.key,
      email: false,
    });
  });
}
