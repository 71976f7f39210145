// Product events (000 §4 "a signup event and analytics event 'Account Created' are fired on signup").
// No analytics vendor is wired yet: events are dispatched on `window` for whoever listens.

export const ANALYTICS_EVENT = 'vitrine:analytics';

export interface AnalyticsDetail {
  event: string;
  properties?: Record<string, string | number | boolean>;
}

export function trackEvent(event: string, properties?: AnalyticsDetail['properties']): void {
  if (typeof window === 'undefined') return;
  const detail: AnalyticsDetail = properties ? { event, properties } : { event };
  window.dispatchEvent(new CustomEvent<AnalyticsDetail>(ANALYTICS_EVENT, { detail }));
}

/** The signup event (for marketing pixels), fired beside the analytics event. */
export function trackSignup(method: 'password' | 'wallet'): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent('vitrine:signup', { detail: { method } }));
  trackEvent('Account Created', { method });
}
