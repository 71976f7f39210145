// The publisher studio's publish steps, shared by the studio browser tests. The 'Publishers Terms and
// Conditions' are agreed once per publisher (001 §6), and the e2e files share one server and the demo
// publisher: the dialog shows to whichever test publishes first. Every drop then pays its publisher fee
// (decision 017) on `/publish-drop/{drop}/?piid=`, which publishes it.
import type { Page } from 'playwright-core';

/** After Publish is clicked: checks and agrees to the terms when asked; true when the dialog was shown. */
export async function agreeToPublisherTermsIfAsked(page: Page): Promise<boolean> {
  const terms = page.getByTestId('publisher-terms-dialog');
  const fee = page.getByTestId('publish-fee-form');
  const published = page.getByTestId('publish-notice').getByText('Latest changes successfully published.');
  try {
    await terms.or(fee).or(published).first().waitFor({ timeout: 20_000 });
  } catch (error) {
    // Say what the page shows instead (a publish failure's notice, or the field messages).
    const notice = await page.getByTestId('publish-notice').allInnerTexts();
    notice.push(
      ...(await page
        .locator('[data-testid^="field-error"]')
        .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-testid')}: ${e.textContent}`))),
    );
    throw new Error(`publish gave neither terms, fee nor success: ${page.url()} ${JSON.stringify(notice)}`, {
      cause: error,
    });
  }
  if (!(await terms.isVisible())) return false;
  await terms.getByRole('heading', { level: 2, name: 'Publishers Terms and Conditions' }).waitFor();
  await terms.getByRole('button', { name: 'Cancel' }).waitFor();
  await terms.getByRole('button', { name: 'I agree' }).click();
  return true;
}

/**
 * On the fee page: pays the publisher fee by the test card, which publishes the drop; waits for 001 §8's
 * message. `secondStep`: by the simulated card that needs 3-D Secure, confirmed in the page's dialog.
 */
export async function payPublisherFeeAndPublish(
  page: Page,
  dropId: string,
  o: { secondStep?: boolean } = {},
): Promise<void> {
  await page.waitForURL(
    (url) => url.pathname === `/publish-drop/${dropId}/` && /^\d+$/.test(url.searchParams.get('piid') ?? ''),
    { timeout: 20_000 },
  );
  const feeForm = page.getByTestId('publish-fee-form');
  const feeCard = feeForm.getByTestId('fee-card-form');
  await feeCard.getByLabel('Card number').fill(o.secondStep ? '4000 0027 6000 3184' : '4242 4242 4242 4242');
  await feeCard.getByLabel('Expiry (MM/YY)').fill('12/30');
  await feeCard.getByLabel('CVC').fill('123');
  await feeForm.getByTestId('pay-fee-and-publish').click();
  if (o.secondStep) {
    const dialog = page.getByTestId('fee-card-action-dialog');
    await dialog.getByRole('heading', { name: 'Confirm your payment' }).waitFor({ timeout: 20_000 });
    // Not paid before the step: nothing published yet.
    if (await feeForm.getByTestId('publish-notice').isVisible())
      throw new Error('published before the second step');
    await dialog.getByRole('button', { name: 'Complete verification' }).click();
  }
  await feeForm
    .getByTestId('publish-notice')
    .getByText('Latest changes successfully published.')
    .waitFor({ timeout: 20_000 });
}
