/**
 * Names of the actions of the metadata family (implemented in src/engine/actions/metadata.ts).
 * - create-with-catalog {title, …episode fields, catalog: {flavor, fields}}: creates an event whose metadata part
 *   also carries the catalog `flavor` (e.g. license/episode) and waits until GET ?type=<flavor> shows it; with
 *   `catalogs: [{flavor, fields}, …]` instead, several extra catalogs in that order.
 *   Value: {identifier, skip}; skip is '' when the server kept every catalog with every field sent, else the reason to skip.
 * - set-metadata-start {id, startDate, startTime}: PUT /metadata?type=dublincore/episode with the two fields, then
 *   reads the bibliographic start (episode catalog) and the technical start (GET /scheduling) as the server holds
 *   them (src/engine/actions/event-start.ts). Value: {bibliographic, technical, skipBibliographic, skipTechnical}.
 * - read-catalog-views {id, flavors}: GET /metadata (every catalog) and GET /metadata?type=<flavor> for each flavor,
 *   every view of the event's catalogs after a write. Value: {list: {status, catalogs}, byType: {flavor: {status,
 *   fields}}}, judged by the check catalog-views.
 */
export const ACTIONS_METADATA: readonly string[] = ['create-with-catalog', 'set-metadata-start', 'read-catalog-views'];
