/**
 * After a form's own check refused it, the keyboard's place is its first field with a message: a screen reader
 * reads the field with its message (`aria-describedby`), where a press of the button left it saying nothing (UX
 * review, 2026-12-06). Run after the render that marks the fields (`aria-invalid`).
 */
export function focusFirstInvalid(
  within: HTMLElement | null | undefined,
  /** Where the keyboard goes when no field is marked (after a refusal not about a field: the button that sent it). */
  otherwise?: () => HTMLElement | null | undefined,
): void {
  // A field in another's frame (Stripe's card fields) is marked on its box, which hands the focus on.
  requestAnimationFrame(() =>
    (
      within?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"][tabindex]') ??
      otherwise?.()
    )?.focus(),
  );
}
