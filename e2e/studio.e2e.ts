// The publisher studio in real Chromium (issue 16, brief S3): the demo publisher creates a drop, adds an NFT,
// sees the rules' messages (001 §5) and the publish failure of 001 §8, fixes them, sees 'Saved', duplicates an
// NFT ('COPY OF …') and deletes the copy, previews the drop, agrees to the 'Publishers Terms and Conditions',
// pays the publisher fee by card on /publish-drop/{drop}/?piid=, publishes ('Latest changes successfully
// published.'), and the drop shows on its public page. An edit made
// offline is kept and saved once back online. The drop list reads the drop as Published, with no Delete; a
// second draft is deleted from the list; live and closed drops open read-only.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiSignIn, DESKTOP, storeCredentials } from './support/accounts';
import { useBrowser } from './support/browser';
import { submitLoginForm } from './support/sign-in';
import { agreeToPublisherTermsIfAsked, payPublisherFeeAndPublish } from './support/studio';
import { apiCall, simCardToken } from './support/trading';

const baseUrl = inject('baseUrl');
const PUBLISHER = { email: 'publisher@vitrine.test', password: 'vitrine-publishes-1' } as const;
const browser = useBrowser();

/** A `datetime-local` value `minutes` from now, in the browser's zone (the test runs in the same one). */
function localInput(minutesFromNow: number): string {
  const date = new Date(Date.now() + minutesFromNow * 60_000);
  date.setSeconds(0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An artwork the seed serves from this origin (the CSP allows no other image host). */
async function seededArtwork(): Promise<string> {
  const answer = (await (await fetch(`${baseUrl}/api/v1/drops/field-notes/`)).json()) as {
    cards: { asset: { src: string } }[];
  };
  const src = answer.cards[0]?.asset.src ?? '';
  expect(src).not.toBe('');
  return src.startsWith('http') ? src : `${baseUrl}${src}`;
}

/** A 1×1 PNG (a real image: the server reads the bytes, not the name). */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function fill(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.blur();
}

async function waitSaved(page: Page) {
  const state = page.getByTestId('autosave-state');
  await expect.poll(() => state.getAttribute('data-state'), { timeout: 20_000 }).toBe('saved');
  expect(await state.innerText()).toBe('Saved');
}

describe('publisher studio', () => {
  it('creates, checks, saves, publishes a drop, which then shows on its public page', async () => {
    const artwork = await seededArtwork();
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent('/publishers/atlas/drops')}`);
    await submitLoginForm(page, page.locator('body'), PUBLISHER);
    await page.waitForURL((url) => url.pathname === '/publishers/atlas/drops', { timeout: 20_000 });
    await page.getByTestId('publisher-drops-page').waitFor();

    // Create a Drop opens the editor of a new draft, titled 'Untitled Collection' (001 §3).
    await page.getByTestId('create-drop').click();
    await page.waitForURL((url) => /^\/publishers\/atlas\/drops\/\d+$/.test(url.pathname), {
      timeout: 20_000,
    });
    const info = page.getByTestId('collection-info');
    await info.waitFor();
    expect(await info.getByLabel('Title', { exact: true }).inputValue()).toBe('Untitled Collection');
    expect(await page.getByTestId('drop-status-label').innerText()).toBe('Unpublished');

    const suffix = randomUUID().slice(0, 8);
    const title = `Harbour Lights ${suffix}`;
    const slug = `harbour-lights-${suffix}`;
    await fill(info, 'Title', title);
    await fill(info, 'Slug', slug);
    // The collection's name is the collection page's title: at most 30 characters (001 §5).
    await fill(info, 'Collection name', `${title} and a name far too long`);
    await page
      .getByTestId('field-error-collectionName')
      .getByText(`The name cannot be longer than 30 characters`)
      .waitFor();
    await fill(info, 'Collection name', title);
    await fill(info, 'Intro text', 'Night photographs of a working harbour.');
    await fill(info, 'Cover image URL', artwork);
    await fill(info, 'Preview image URL', artwork);
    // A bad YouTube URL shows the rule's message; a good one clears it.
    await fill(info, 'Intro video (YouTube URL)', 'https://example.com/video');
    await page.getByTestId('field-error-introVideo').getByText('Enter a valid YouTube URL').waitFor();
    await fill(info, 'Intro video (YouTube URL)', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect.poll(() => page.getByTestId('field-error-introVideo').count()).toBe(0);
    await fill(info, 'Visible from', localInput(10));
    await fill(info, 'Visible until', localInput(60 * 24));
    await waitSaved(page);

    // Offline, an edit fails to save and stays in the editor; back online it is sent again and kept.
    await context.setOffline(true);
    await fill(info, 'Intro text', 'Night photographs of a working harbour, taken offline.');
    const state = page.getByTestId('autosave-state');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 20_000 }).toBe('failed');
    expect(await state.innerText()).toBe('Not saved. Retrying…');
    await context.setOffline(false);
    await waitSaved(page);
    await page.reload();
    await info.waitFor();
    expect(await info.getByLabel('Intro text', { exact: true }).inputValue()).toBe(
      'Night photographs of a working harbour, taken offline.',
    );

    // Add an NFT (FCFS by default) and fill it.
    await page.getByTestId('add-nft').click();
    const editor = page.getByTestId('nft-editor');
    await editor.waitFor();
    expect(await editor.getByLabel('Title', { exact: true }).inputValue()).toBe('Untitled NFT');
    expect(await editor.getByLabel('Royalty (%)').inputValue()).toBe('10');
    await fill(editor, 'Title', 'Crane at Dusk');
    await fill(editor, 'Description', 'A harbour crane in the last light.');
    // The NFT's file is uploaded here: the asset URL and its IPFS CID (computed by the server) fill in.
    await editor.getByTestId('nft-asset-uploader-input').setInputFiles({
      name: 'crane-at-dusk.png',
      mimeType: 'image/png',
      buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
    });
    await expect
      .poll(() => editor.getByLabel('Asset URL').inputValue(), { timeout: 20_000 })
      .toMatch(/^\/api\/media\//);
    expect(await editor.getByLabel('IPFS CID').inputValue()).toMatch(/^baf/);
    await fill(editor, 'Creators (usernames, comma-separated)', 'jordanashby');
    await fill(editor, 'Tags (comma-separated)', 'photography');

    // A price under the minimum: the shared rule's message (001 §5), and the value waits in the editor.
    await fill(editor, 'Price', '0.5');
    await page.getByTestId('field-error-nft-price').getByText('Please enter a value 1 or greater').waitFor();

    // Splits (001 §5): a new NFT pays its maker 100 %; the primary split becomes 70 / 30 with the collector.
    const secondary = page.getByTestId('split-secondarySalesSplit');
    expect(await secondary.getByLabel('Recipient (username)').inputValue()).toBe('jordanashby');
    expect(await secondary.getByTestId('split-secondarySalesSplit-total').innerText()).toBe('Total: 100%');
    const primary = page.getByTestId('split-primarySalesSplit');
    await primary.getByRole('button', { name: 'Add recipient' }).click();
    // A recipient nobody is: the API's word at the row, the change kept here (QA 2026-12-07: 'Not saved.
    // Retrying…' for ever, and no word of why).
    await primary.getByLabel('Recipient (username)').nth(1).fill('caseylinde');
    await primary.getByLabel('Percentage').nth(1).fill('30');
    await primary.getByLabel('Percentage').nth(1).blur();
    await primary.getByText('No user matches caseylinde').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('autosave-state').getAttribute('data-state')).not.toBe('failed');
    await primary.getByLabel('Recipient (username)').nth(1).fill('caseylinden');
    await expect.poll(() => primary.getByText('No user matches caseylinde').count()).toBe(0);
    await primary
      .getByTestId('field-error-primarySalesSplit')
      .getByText('Percentages must total 100')
      .waitFor();
    await primary.getByLabel('Percentage').nth(0).fill('70');
    await primary.getByLabel('Percentage').nth(0).blur();
    expect(await primary.getByTestId('split-primarySalesSplit-total').innerText()).toBe('Total: 100%');
    await expect.poll(() => primary.getByTestId('field-error-primarySalesSplit').count()).toBe(0);

    // Criteria (001 §5): a rule's count of 0 and a bad allowlist entry get their messages; fixed, they save.
    const criteria = page.getByTestId('criteria-editor');
    await criteria.getByRole('button', { name: 'Add rule' }).click();
    await fill(criteria, 'Count', '0');
    await criteria.getByText('Enter a value of 1 or more').waitFor();
    await fill(criteria, 'Count', '1');
    await fill(criteria, 'Usernames (comma-separated)', 'caseylinden');
    await fill(
      criteria,
      'Allowlist (usernames and email addresses, one a line)',
      'caseylinden\nnot an entry!',
    );
    await criteria.getByText('There is 1 invalid entry').waitFor();
    // Held, not dropped (QA 2026-12-07: such criteria were never saved, unsaid, and the drop published open to
    // everyone): kept here as a change not saved, beside the price held above; publishing is refused below.
    const held = page.getByTestId('autosave-held');
    await expect
      .poll(() => held.textContent(), { timeout: 20_000 })
      .toBe('2 changes are kept here until their fields are valid');
    // An account the API does not know: its refusal shows, and is held the same way.
    await fill(
      criteria,
      'Allowlist (usernames and email addresses, one a line)',
      'caseylinden\nnosuchuser99',
    );
    await expect
      .poll(() => criteria.getByText('There is 1 invalid entry').count(), { timeout: 20_000 })
      .toBe(1);
    await expect
      .poll(() => held.textContent(), { timeout: 20_000 })
      .toBe('2 changes are kept here until their fields are valid');
    await fill(criteria, 'Allowlist (usernames and email addresses, one a line)', 'caseylinden');
    await expect.poll(() => criteria.getByText('There is 1 invalid entry').count()).toBe(0);
    await criteria.getByTestId('criteria-expression').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => held.textContent(), { timeout: 20_000 })
      .toBe('1 change is kept here until its field is valid');

    // Duplicate: 'COPY OF …' with its splits made again (001 §4); as a 1/1 Auction its dates become required
    // (a change of sale type re-validates the NFT). Then it is deleted.
    await page.getByRole('button', { name: 'Duplicate Crane at Dusk' }).click();
    const copy = page.getByTestId('nft-list-item').filter({ hasText: 'COPY OF Crane at Dusk' });
    await copy.waitFor({ timeout: 15_000 });
    expect(await editor.getByLabel('Title', { exact: true }).inputValue()).toBe('COPY OF Crane at Dusk');
    const copied = page.getByTestId('split-primarySalesSplit');
    expect(await copied.getByLabel('Recipient (username)').nth(1).inputValue()).toBe('caseylinden');
    expect(await copied.getByTestId('split-primarySalesSplit-total').innerText()).toBe('Total: 100%');
    // Pack is the whole drop's sale type: beside an FCFS NFT it is refused and said, and nothing changes (before, both
    // NFTs turned into Packs unsaid).
    await editor.getByLabel('Sale type').selectOption({ label: 'Pack' });
    await page
      .getByTestId('field-error-nft-primarySaleType')
      .getByText(
        "Every NFT of a Pack drop is a Pack: change the drop's other NFTs first, or sell them in another drop.",
      )
      .waitFor();
    expect(await editor.getByLabel('Sale type').inputValue()).toBe('fcfs');
    await editor.getByLabel('Sale type').selectOption({ label: '1/1 Auction' });
    await expect.poll(() => page.getByTestId('field-error-nft-primarySaleType').count()).toBe(0);
    await page.getByTestId('field-error-nft-startDateTime').getByText('Required input').waitFor();
    await editor.getByLabel('Minimum bid', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete COPY OF Crane at Dusk' }).click();
    await page.getByTestId('delete-nft-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => copy.count(), { timeout: 15_000 }).toBe(0);
    await page.getByTestId('nft-list-item').getByText('Crane at Dusk').click();
    await editor.getByLabel('Price').waitFor();

    // Publishing now fails with 001 §8's message, the errored field highlighted.
    await page.getByTestId('publish-drop').click();
    const failure = page.getByTestId('publish-notice');
    await failure
      .getByText("Your drop couldn't be published because all inputs haven't been entered correctly")
      .waitFor();
    await failure.getByText('Please check your inputs and try publishing again').waitFor();
    expect(await page.getByTestId('nft-list-item').first().getAttribute('data-invalid')).toBe('true');
    await page.getByTestId('field-error-nft-price').waitFor();

    // Fixed: the message goes and everything is saved.
    await fill(editor, 'Price', '25');
    await expect.poll(() => page.getByTestId('field-error-nft-price').count()).toBe(0);
    await waitSaved(page);
    await expect.poll(() => page.getByTestId('drop-validity').getAttribute('data-valid')).toBe('true');

    // The preview: the drop page as a collector sees it, drawn by the drop page's sale card.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByTestId('drop-preview');
    await preview.getByRole('heading', { name: title }).waitFor();
    await preview.getByTestId('drop-sale-title').getByText('Crane at Dusk').waitFor();
    await preview.getByTestId('drop-type-badge').getByText('First Come First Serve').waitFor();
    await page.getByRole('button', { name: 'Back to editor' }).click();
    await page.getByTestId('nft-list').waitFor();

    // A drop the API refuses (a Blind Edition, whose artworks the studio cannot add yet) is refused before the fee:
    // its reason at the field, no fee page (QA 2026-12-07: the $49 fee was taken first, then the publish refused).
    await editor.getByLabel('Sale type').selectOption({ label: 'Blind Edition' });
    // Dated as the drop is, so every rule the editor knows passes.
    await fill(editor, 'Start', await info.getByLabel('Visible from', { exact: true }).inputValue());
    await fill(editor, 'End', await info.getByLabel('Visible until', { exact: true }).inputValue());
    await expect.poll(() => page.getByTestId('drop-validity').getAttribute('data-valid')).toBe('true');
    await waitSaved(page);
    await page.getByTestId('publish-drop').click();
    await agreeToPublisherTermsIfAsked(page);
    await page
      .getByTestId('field-error-nft-primarySaleType')
      .getByText(
        'Pack and Blind Edition artworks cannot be added in the studio yet: choose another sale type to publish',
      )
      .waitFor({ timeout: 20_000 });
    await page
      .getByTestId('publish-notice')
      .getByText("Your drop couldn't be published because all inputs haven't been entered correctly")
      .waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/publishers\/atlas\/drops\/\d+$/);
    await editor.getByLabel('Sale type').selectOption({ label: 'FCFS' });
    await waitSaved(page);

    // Publish: the publisher agreement (once per publisher), the fee, then the success message.
    const dropId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByTestId('publish-drop').click();
    await agreeToPublisherTermsIfAsked(page);
    // Then the publisher fee (decision 017): its page, paid by a card that needs a second step (3-D Secure),
    // confirmed in the page's dialog, publishes the drop.
    await page.waitForURL((url) => url.pathname === `/publish-drop/${dropId}/`, { timeout: 20_000 });
    const feeForm = page.getByTestId('publish-fee-form');
    expect(await feeForm.getByTestId('publish-fee-amount').innerText({ timeout: 20_000 })).toBe('$49.00');
    await payPublisherFeeAndPublish(page, dropId, { secondStep: true });
    await feeForm.getByTestId('back-to-editor').click();
    await page.waitForURL((url) => url.pathname === `/publishers/atlas/drops/${dropId}`, { timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('drop-status-label').innerText(), { timeout: 20_000 })
      .toMatch(/^(Published|Live)$/);

    // The drop list reads it as published, without Delete.
    await page.goto(`${baseUrl}/publishers/atlas/drops`);
    const row = page.locator('[data-testid="drop-row"]').filter({ hasText: title });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('drop-status-label').innerText()).toMatch(/^(Published|Live)$/);
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await row.getByTestId('drop-sales').innerText()).toBe('0 sold · $0.00 proceeds to all payees');

    // Opened again from the list, the editor reads back what was saved.
    await row.getByRole('link', { name: title }).click();
    await page.getByTestId('nft-list-item').getByText('Crane at Dusk').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('collection-info').getByLabel('Collection name').inputValue()).toBe(title);
    expect(await page.getByTestId('nft-editor').getByLabel('Price').inputValue()).toBe('25');
    await page.getByRole('link', { name: '← Drops' }).click();
    await row.waitFor();

    // A second draft can be deleted from the list; the published drop cannot.
    await page.getByTestId('create-drop').click();
    await page.waitForURL((url) => /^\/publishers\/atlas\/drops\/\d+$/.test(url.pathname), {
      timeout: 20_000,
    });
    const draftId = page.url().split('/').pop() ?? '';
    await page.getByTestId('collection-info').waitFor();
    await page.goto(`${baseUrl}/publishers/atlas/drops`);
    const draft = page.locator(`[data-testid="drop-row"][data-drop-id="${draftId}"]`);
    await draft.waitFor({ timeout: 15_000 });
    expect(await draft.getByTestId('drop-status-label').innerText()).toBe('Unpublished');
    await draft.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('delete-drop-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => draft.count(), { timeout: 15_000 }).toBe(0);
    expect(await row.count()).toBe(1);

    // Live and closed drops open read-only and cannot be deleted (001 §4): the seed's Neon Tides and Harbour Lights.
    const live = page.locator('[data-testid="drop-row"]').filter({ hasText: 'Neon Tides' });
    expect(await live.getByTestId('drop-status-label').innerText()).toBe('Live');
    expect(await live.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    const closed = page
      .locator('[data-testid="drop-row"]')
      .filter({ has: page.getByRole('link', { name: 'Harbour Lights', exact: true }) });
    expect(await closed.getByTestId('drop-status-label').innerText()).toBe('Closed');
    expect(await closed.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await live.getByRole('link', { name: 'View' }).click();
    await page.getByTestId('drop-read-only').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('collection-info').getByLabel('Title', { exact: true }).isDisabled()).toBe(
      true,
    );
    expect(await page.getByTestId('publish-drop').count()).toBe(0);

    // The public drop page shows it to collectors.
    await page.goto(`${baseUrl}/collections/${slug}`);
    await page.getByRole('heading', { name: title }).first().waitFor({ timeout: 20_000 });
    await page.getByTestId('drop-sale-title').getByText('Crane at Dusk').waitFor({ timeout: 20_000 });
    await context.close();
  });
  // QA 2026-12-07: deleting a draft whose publisher fee was paid took the fee with it, without a word.
  it('says where a paid publisher fee goes before its draft is deleted, and gives it back', async () => {
    const grant = await apiSignIn(baseUrl, PUBLISHER);
    const token = grant.access_token;
    const title = `Paid Draft ${randomUUID().slice(0, 8)}`;
    const drop = await apiCall<{ id: number }>(baseUrl, token, 'POST', '/publisher/atlas/drops', { title });
    const fee = await apiCall<{ publisherFee: { publisherFeeId: number } }>(
      baseUrl,
      token,
      'POST',
      '/v2/publisher-fee',
      {
        collection_template: drop.id,
      },
    );
    await apiCall(baseUrl, token, 'POST', `/v2/publisher-fee/${fee.publisherFee.publisherFeeId}/pay`, {
      payment_method: 'stripe_card',
      payment_token: await simCardToken(baseUrl, token),
    });
    const context = await browser.newContext({ viewport: DESKTOP });
    await storeCredentials(context, grant);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/publishers/atlas/drops`);
    const row = page.locator('li').filter({ hasText: title });
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByTestId('delete-drop-dialog');
    await dialog
      .getByTestId('delete-drop-fee-paid')
      .getByText(
        'The $49.00 publisher fee paid for this drop goes back to the Vitrine balance of the member who paid it.',
      )
      .waitFor({ timeout: 20_000 });
    const before = await apiCall<{ balanceInCents: number }>(baseUrl, token, 'GET', '/v2/balance');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
    // Given back, and said so (QA 2026-12-07: the fee went with the draft).
    await page
      .getByTestId('toast-viewport')
      .getByText('Drop deleted. Its $49.00 publisher fee is back on the balance of the member who paid it.')
      .waitFor();
    const after = await apiCall<{ balanceInCents: number }>(baseUrl, token, 'GET', '/v2/balance');
    expect(after.balanceInCents).toBe(before.balanceInCents + 4_900);
    await context.close();
  });
});
