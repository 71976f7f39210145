// The publisher studio's terms step, shared by the studio browser tests. The 'Publishers Terms and
// Conditions' are agreed once per publisher (001 §6), and the e2e files share one server and the demo
// publisher: the dialog shows to whichever test publishes first; later publishes go straight through.
import type { Page } from 'playwright-core';

/** After Publish is clicked: checks and agrees to the terms when asked; true when the dialog was shown. */
export async function agreeToPublisherTermsIfAsked(page: Page): Promise<boolean> {
  const terms = page.getByTestId('publisher-terms-dialog');
  const published = page.getByTestId('publish-notice').getByText('Latest changes successfully published.');
  await terms.or(published).first().waitFor({ timeout: 20_000 });
  if (!(await terms.isVisible())) return false;
  await terms.getByRole('heading', { level: 2, name: 'Publishers Terms and Conditions' }).waitFor();
  await terms.getByRole('button', { name: 'Cancel' }).waitFor();
  await terms.getByRole('button', { name: 'I agree' }).click();
  return true;
}
