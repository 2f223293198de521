import type { Logger } from '../lib/logger';
import type { OfferExpiryJob } from '../modules/quotes';

/**
 * `npm start`'s stand-in for the EventBridge rule (ADR 113): runs the offer expiry job at start and then
 * every `intervalMs`; a run still going when the next is due is not doubled. `stop` waits for a running one.
 */
export function startOfferExpiryTimer(options: { job: OfferExpiryJob; intervalMs: number; logger: Logger }): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = options.job
      .run()
      .then(() => undefined)
      .catch((err: unknown) => options.logger.error('quote.expiry_failed', { error: String(err) }))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
