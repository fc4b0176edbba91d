import { describe, expect, it } from 'vitest';
import { UsageError } from '../config/errors.js';
import { CATALOGUE, CHOICE_IDS } from '../reference/latitude/catalogue.js';
import { resolveLatitude } from '../reference/latitude/select.js';
import { serveCommand } from './serve.js';

/** `evconf serve --list-latitude`: every choice with its spec sentence and alternatives. */

async function serve(flags: Record<string, unknown>): Promise<{ code: number; out: string }> {
  let out = '';
  const io = { out: { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WriteStream };
  const code = await serveCommand(flags, io);
  return { code, out };
}

describe('evconf serve --list-latitude', () => {
  it('prints every choice with its spec sentence and alternatives', async () => {
    const { code, out } = await serve({ listLatitude: true });
    expect(code).toBe(0);
    for (const id of CHOICE_IDS) {
      expect(out).toContain(`\n${id}\n  spec: "${CATALOGUE[id].quote}"\n`);
      for (const [name, does] of CATALOGUE[id].alternatives) expect(out).toContain(`  - ${name}: ${does}\n`);
    }
  });

  it('with --latitude SEED marks what the seed picks; --latitude-choice forces one; --json', async () => {
    const picked = resolveLatitude({ seed: 9, choices: { 'error-body': 'text' } });
    const { out } = await serve({ listLatitude: true, latitude: '9', latitudeChoice: ['error-body=text'] });
    for (const id of CHOICE_IDS) expect(out).toContain(`\n${id}: ${picked[id]}\n`);
    expect(out).toContain('  * text: ');
    const json = JSON.parse((await serve({ listLatitude: true, latitude: '9', json: true })).out);
    expect(json.seed).toBe(9);
    expect(json.choices.map((c: { id: string; chosen: string }) => [c.id, c.chosen])).toEqual(CHOICE_IDS.map((id) => [id, resolveLatitude({ seed: 9 })[id]]));
    expect(json.choices[0]).toMatchObject({ id: CHOICE_IDS[0], quote: CATALOGUE[CHOICE_IDS[0]].quote, default: CATALOGUE[CHOICE_IDS[0]].alternatives[0][0] });
  });

  it('an unknown choice, alternative or a bad seed is a usage error (exit 2, one line)', async () => {
    await expect(serve({ listLatitude: true, latitudeChoice: ['nope=x'] })).rejects.toThrow(UsageError);
    await expect(serve({ listLatitude: true, latitudeChoice: ['index-lag=x'] })).rejects.toThrow(/^unknown alternative "x" of latitude choice "index-lag"/);
    await expect(serve({ listLatitude: true, latitudeChoice: ['index-lag'] })).rejects.toThrow(/id=alternative/);
    await expect(serve({ listLatitude: true, latitude: 'abc' })).rejects.toThrow(UsageError);
  });
});
