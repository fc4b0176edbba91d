import type { App, Ctx } from '../app.js';
import { hasFeature } from '../features.js';
import { isTrue } from '../input.js';
import type { Publication } from '../types.js';
import type { ShapeStyle } from '../serialize.js';
import { shownCatalogs } from './fields.js';

/** Latitude choices of response shapes (spec § Event, § Scheduling information, § Publications). */

/** Each server's style: its latitude choices are fixed when it is built, and no reader changes a style. */
const STYLES = new WeakMap<App, ShapeStyle>();

/** number-fields, with-member-names, extra-members, inputs-echo, scheduling-duration as one serializer style. */
export function shapeStyle(app: App): ShapeStyle {
  let style = STYLES.get(app);
  if (!style) STYLES.set(app, (style = makeStyle(app)));
  return style;
}

function makeStyle(app: App): ShapeStyle {
  return {
    stringNumbers: app.lat('number-fields') === 'strings',
    flagNames: app.lat('with-member-names') === 'flag-names',
    extraMembers: app.lat('extra-members') === 'extra',
    inputs: app.lat('inputs-echo'),
    omitUnscheduled: app.lat('with-scheduling-unscheduled') === 'omitted',
    publicationSummaries: app.lat('with-publications-shape') === 'summary',
    schedulingDuration: app.lat('scheduling-duration') === 'shown',
    internalFirst: app.lat('internal-publication-position') === 'first',
    catalogs: (cats) => shownCatalogs(app, cats),
  };
}

/** boolean-flags: is a query flag on? ("true-or-1" also takes 1). */
export function flagOn(app: App | undefined, value: string | null): boolean {
  if (app?.lat('boolean-flags') === 'true-only') return value !== null && value.trim().toLowerCase() === 'true';
  return isTrue(value);
}

function signed(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}policy=evconf-latitude&signature=${Buffer.from(url).toString('base64url').slice(0, 16)}`;
}

/**
 * url-signing=on: with sign=true every URL of a publication carries a policy and a signature ("signed only when
 * the sign parameter is true and URL signing is turned on"); extra-members=extra adds a member.
 */
export function shownPublication<T extends Partial<Publication>>(ctx: Ctx, p: T): T {
  let out: T = p;
  if (ctx.app.bug('publication-url-signed-below-1.7.0') && p.url && flagOn(ctx.app, ctx.url.searchParams.get('sign'))) out = { ...p, url: signed(p.url) };
  else if (ctx.app.lat('url-signing') === 'on' && flagOn(ctx.app, ctx.url.searchParams.get('sign'))) {
    const item = <I extends { url: string }>(x: I): I => ({ ...x, url: signed(x.url) });
    // Addendum § Publications, signing rule 2: "From 1.7.0, the url of the publication itself is signed too. Below 1.7.0 it stays unsigned."
    const own = p.url && hasFeature(ctx, 'sign-publication-url');
    out = { ...p, ...(own ? { url: signed(p.url!) } : {}) };
    if (p.media) out.media = p.media.map(item);
    if (p.attachments) out.attachments = p.attachments.map(item);
    if (p.metadata) out.metadata = p.metadata.map(item);
  }
  return ctx.app.lat('extra-members') === 'extra' ? { ...out, x_checksum_type: 'md5' } : out;
}
