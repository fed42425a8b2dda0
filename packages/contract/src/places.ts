import { z } from 'zod';
import { strictNumber } from './common.ts';
import { HAUL_LIMITS } from './haul.constants.ts';

/** A place of the gazetteer (US and Canadian places from GeoNames, CC BY 4.0). */
export const placeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The state or province, in full. */
  region: z.string(),
  /** Its short form: 'WY', 'AB'. */
  region_code: z.string(),
  country: z.enum(['US', 'CA']),
  latitude: z.number(),
  longitude: z.number(),
});
export type Place = z.infer<typeof placeSchema>;

/**
 * GET /places?q=&near= : places whose name starts with `q` (accents and case folded; "St", "Ft" and "Mt" as
 * spelled out too), `q` may end with a region ("Cody, WY", "Red Deer, Alberta", "Calgary AB"); exact names first,
 * then the nearest to `near` when given. Up to `placesMax`.
 */
export const placesQuerySchema = z.object({
  q: z.string().trim().min(1).max(HAUL_LIMITS.placeQueryMax),
  /** A place to rank by: the nearest first after exact names (the event's place, on the hauling board). */
  near: strictNumber(z.number().int().positive().max(2_147_483_647)).optional(),
});
export const placesResponseSchema = z.object({ data: z.array(placeSchema), attribution: z.string() });
export type PlacesResponse = z.infer<typeof placesResponseSchema>;

export const placeIdSchema = strictNumber(z.number().int().positive().max(2_147_483_647));
