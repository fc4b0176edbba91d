import fc from 'fast-check';
import { intIn } from './constraints.js';

/** A page size for walking a list (spec § GET /api/events: limit "Maximum number of results to return"). */
export interface Pagination {
  limit: number;
}

/** Constraints of {@link pagination}. */
export interface PaginationConstraints {
  /** Number of items the walked list holds (at least 1). */
  total: number;
}

/** A limit from 1 to total + 1 (one page larger than the list included); pure and seeded. */
export function pagination(constraints: PaginationConstraints): fc.Arbitrary<Pagination> {
  const total = intIn(constraints?.total, 1, 100_000, 'total', 'pagination');
  return fc.integer({ min: 1, max: total + 1 }).map((limit) => ({ limit }));
}

/**
 * The offset of page `k` for a version's offset semantics (spec § GET /api/events, offset): an item index
 * ("index of the first result"), or in the oldest description a page index ("number of result sets … to skip").
 */
export function pageOffset(k: number, limit: number, pageIndex: boolean): number {
  return pageIndex ? k : k * limit;
}
