import { describe, expect, it } from 'vitest';
import { ago, bytes, duration, jobWords, p95Words, queueSentence, requestRate, webhookSentences } from './system-words';

const NOW = '2026-11-28T10:00:00.000Z';
const before = (seconds: number) => new Date(Date.parse(NOW) - seconds * 1000).toISOString();

describe('the System screen in words', () => {
  it('says ages, sizes and the 95th percentile as people do', () => {
    expect([1, 45, 720, 3 * 3600, 3 * 86_400].map(duration)).toEqual(['1 second', '45 seconds', '12 minutes', '3 hours', '3 days']);
    expect(ago(before(2), NOW)).toBe('just now');
    expect(ago(before(600), NOW)).toBe('10 minutes ago');
    expect([2048, 42 * 1024 ** 2, 1.5 * 1024 ** 3].map(bytes)).toEqual(['2 KB', '42 MB', '1.5 GB']);
    expect([25, 1000, 2500, null].map(p95Words)).toEqual(['within 25 ms', 'within 1 s', 'within 2.5 s', 'over 2.5 s']);
    expect(requestRate({ requests: 48, serverErrors: 0, requestsPerMinute: 0.03 })).toBe('about 2 an hour');
    expect(requestRate({ requests: 20_000, serverErrors: 0, requestsPerMinute: 13.89 })).toBe('about 14 a minute');
  });

  it('tells a stuck queue and a refused webhook', () => {
    expect(queueSentence({ name: 'mail', depth: 3, oldestAgeSeconds: 720, failed24h: 0 }))
      .toBe('Mail: 3 waiting, the oldest for 12 minutes; none given up in the last 24 hours.');
    expect(queueSentence({ name: 'push', depth: 0, oldestAgeSeconds: null, failed24h: 1 }))
      .toBe('Push messages: nothing waiting; 1 message given up in the last 24 hours.');
    expect(webhookSentences({
      lastReceivedAt: before(120), lastOutcome: 'bad_signature', lastEventType: 'invoice.paid', received24h: 5,
      failures24h: 1, lastFailureAt: before(120), lastFailureOutcome: 'bad_signature',
    }, NOW)).toEqual([
      'The last Stripe webhook arrived 2 minutes ago and was refused: bad signature.',
      '1 call of 5 failed in the last 24 hours; the last 2 minutes ago (refused: bad signature).',
    ]);
    expect(webhookSentences({
      lastReceivedAt: null, lastOutcome: null, lastEventType: null, received24h: 0, failures24h: 0, lastFailureAt: null, lastFailureOutcome: null,
    }, NOW)).toEqual(['No Stripe webhook has arrived in the last 24 hours.']);
  });

  it('names the scheduled jobs in words, one added later included', () => {
    expect(jobWords('drain-outbox')).toBe('Sending mail');
    expect(jobWords('nightly-export')).toBe('Nightly export');
  });
});
