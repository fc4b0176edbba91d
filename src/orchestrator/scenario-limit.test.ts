import { describe, expect, it } from 'vitest';
import { WaitLedger } from '../core/wait-ledger.js';
import { FAST_MS, IDLE_ALLOWANCE, SLOW_FOR_MS, SLOW_MS, scenarioLimit } from './scenario-limit.js';

describe('scenarioLimit (more scenarios at once only while the server answers fast)', () => {
  it('--concurrency until 64 requests are known, the ceiling while their median is fast, back once it has been slow for SLOW_FOR_MS', () => {
    const waits = new WaitLedger();
    let t = 0;
    const limit = scenarioLimit({ concurrency: 8, concurrencyCeiling: 16 }, waits, () => t);
    expect(limit()).toBe(8);
    for (let i = 0; i < 64; i++) waits.request(FAST_MS - 5);
    expect(limit()).toBe(16);
    for (let i = 0; i < 600; i++) waits.request(SLOW_MS + 10);
    expect(limit()).toBe(16);
    t += SLOW_FOR_MS;
    expect(limit()).toBe(8);
  });

  it('between FAST_MS and SLOW_MS the figure it had: a fast server stays fast, a slow one slow', () => {
    const waits = new WaitLedger();
    let t = 0;
    const limit = scenarioLimit({ concurrency: 2, concurrencyCeiling: 8 }, waits, () => t);
    for (let i = 0; i < 600; i++) waits.request(FAST_MS + 5);
    expect(limit()).toBe(2);
    for (let i = 0; i < 600; i++) waits.request(FAST_MS - 5);
    expect(limit()).toBe(8);
    for (let i = 0; i < 600; i++) waits.request(SLOW_MS - 5);
    expect(limit()).toBe(8);
    for (let i = 0; i < 600; i++) waits.request(SLOW_MS + 5);
    // Over SLOW_MS for less than SLOW_FOR_MS: a burst, still fast; then slow.
    expect(limit()).toBe(8);
    t += SLOW_FOR_MS - 1;
    expect(limit()).toBe(8);
    t += 1;
    expect(limit()).toBe(2);
    for (let i = 0; i < 600; i++) waits.request(SLOW_MS - 5);
    expect(limit()).toBe(2);
  });

  it('a median over SLOW_MS that drops back within SLOW_FOR_MS starts the count again', () => {
    const waits = new WaitLedger();
    let t = 0;
    const limit = scenarioLimit({ concurrency: 2, concurrencyCeiling: 8 }, waits, () => t);
    for (let i = 0; i < 600; i++) waits.request(1);
    expect(limit()).toBe(8);
    for (let i = 0; i < 600; i++) waits.request(SLOW_MS + 5);
    expect(limit()).toBe(8);
    t += SLOW_FOR_MS / 2;
    for (let i = 0; i < 600; i++) waits.request(SLOW_MS - 5);
    expect(limit()).toBe(8);
    for (let i = 0; i < 600; i++) waits.request(SLOW_MS + 5);
    t += SLOW_FOR_MS / 2;
    expect(limit()).toBe(8);
    t += SLOW_FOR_MS;
    expect(limit()).toBe(2);
  });

  it('exactly --concurrency when it was given (no ceiling above it)', () => {
    const waits = new WaitLedger();
    for (let i = 0; i < 100; i++) waits.request(1);
    expect(scenarioLimit({ concurrency: 4 }, waits)()).toBe(4);
    expect(scenarioLimit({ concurrency: 4, concurrencyCeiling: 4 }, waits)()).toBe(4);
    expect(scenarioLimit({ concurrency: 4, concurrencyCeiling: 12 }, undefined)()).toBe(4);
  });

  it('one more per wait sleeping between polls, up to IDLE_ALLOWANCE times as many again; never with a given --concurrency', () => {
    const waits = new WaitLedger();
    const limit = scenarioLimit({ concurrency: 8, concurrencyCeiling: 16 }, waits);
    const ends = Array.from({ length: 5 }, () => waits.idle());
    expect(limit()).toBe(13);
    ends[0]();
    ends[0]();
    expect(limit()).toBe(12);
    for (let i = 0; i < 64; i++) waits.request(1);
    expect(limit()).toBe(20);
    const more = Array.from({ length: 30 }, () => waits.idle());
    expect(limit()).toBe(16 + 34);
    const many = Array.from({ length: 200 }, () => waits.idle());
    expect(limit()).toBe(16 + IDLE_ALLOWANCE * 16);
    for (const end of [...ends, ...more, ...many]) end();
    expect(limit()).toBe(16);
    waits.idle();
    expect(scenarioLimit({ concurrency: 4 }, waits)()).toBe(4);
  });
});
