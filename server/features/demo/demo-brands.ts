import type { Database } from '../../db/database';
import { countBrands, insertBrand, type BrandFields } from '../trials/brand-repository';

/**
 * Demo mode's trial brands, so /trial/northwind and /trial/pixelforge work on a fresh start.
 * Created only when the database has no brand at all.
 */
export const DEMO_BRANDS: BrandFields[] = [
  {
    slug: 'northwind',
    name: 'Northwind Social',
    primary_color: '#1d4ed8',
    accent_color: '#f59e0b',
    sample_set: 'social',
    headline: 'See how your team would work through a morning of Northwind Social reports.',
    active: true,
  },
  {
    slug: 'pixelforge',
    name: 'Pixelforge Games',
    primary_color: '#6d28d9',
    accent_color: '#22d3ee',
    sample_set: 'gaming',
    headline: 'Match chat, forum posts and screenshots, the way your moderators would see them.',
    active: true,
  },
];

export async function seedDemoBrands(db: Database): Promise<void> {
  if ((await countBrands(db)) > 0) return;
  await db.transaction(async (tx) => {
    for (const brand of DEMO_BRANDS) await insertBrand(tx, brand);
  });
}
