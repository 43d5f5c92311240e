import {
  BRAND_TEXTS,
  TRIAL_BODY_LIMIT_BYTES,
  trialEndpoints,
  type PublicBrand,
} from '../../../src/contract/trials';
import { aiTagNames } from '../../../src/contract/demo';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { ServerContext } from '../../server-context';
import type { AiModule } from '../ai/ai-module';
import { findActiveBrand, type BrandRecord } from './brand-repository';
import type { SampleSandbox } from './sandbox';
import { findSampleSet, type SampleSetDefinition } from './sample-sets';
import { insertSignup } from './signup-repository';
import { throttleTrial } from './trial-limits';
import { countTrialDecision, trialStats } from './trial-stats-repository';

/**
 * The calls of the public trial pages: anyone may make them, without a session. What a stranger
 * sends is rate limited per address (trial-limits.ts), its body is at most
 * TRIAL_BODY_LIMIT_BYTES (413) and its fields bounded by the contract (422). None of it writes
 * a content item, a lease or a delivery: a decision adds to the brand's counts, a text goes to
 * the AI provider and back, a sign-up is one row for administrators.
 */
export const AI_UNAVAILABLE =
  'The AI service did not answer just now. Try again in a minute; nothing was kept.';

export function publicTrialRoutes(
  context: ServerContext,
  deps: { sandbox: SampleSandbox; ai: AiModule },
): void {
  const { http: app, db } = context;
  const { sandbox, ai } = deps;

  /** The active brand the address names and its sample set, or a 404 that says so. */
  const brandOf = async (
    slug: string,
  ): Promise<{ brand: BrandRecord; set: SampleSetDefinition }> => {
    const brand = await findActiveBrand(db, slug);
    const set = brand ? findSampleSet(brand.sample_set) : undefined;
    if (!brand || !set) throw new HttpError(404, BRAND_TEXTS.unknownBrand(slug.slice(0, 60)));
    return { brand, set };
  };

  registerEndpoint(app, trialEndpoints.brand, async ({ params }) => {
    const { brand, set } = await brandOf(params.brand);
    const data: PublicBrand = {
      slug: brand.slug,
      name: brand.name,
      primary_color: brand.primary_color,
      accent_color: brand.accent_color,
      headline: brand.headline,
      sample_set: sandbox.summary(set),
    };
    return { ok: true, data };
  });

  registerEndpoint(app, trialEndpoints.compact, async ({ params }) => {
    const { set } = await brandOf(params.brand);
    return { ok: true, data: await sandbox.sandbox(set) };
  });

  registerEndpoint(
    app,
    trialEndpoints.submit,
    async ({ params, body, request }) => {
      const { brand, set } = await brandOf(params.brand);
      const sample = sandbox.checkDecision(set, body);
      await throttleTrial(db, 'decisions', request.ip);
      const verdict = await sandbox.verdict(set, sample, body, new Date());
      await countTrialDecision(db, brand.id, sample.id, verdict.agreement);
      return { ok: true, data: verdict };
    },
    { bodyLimit: TRIAL_BODY_LIMIT_BYTES },
  );

  registerEndpoint(
    app,
    trialEndpoints.checkText,
    async ({ params, body, request }) => {
      const { set } = await brandOf(params.brand);
      await throttleTrial(db, 'textChecks', request.ip);
      const provider = ai.provider;
      const started = performance.now();
      try {
        const answer = await provider.suggest({
          messageType: 'text',
          content: body.text,
          fileUrl: null,
          tags: set.tags.map((tag) => tag.name),
          wordLists: set.wordLists,
        });
        return {
          ok: true,
          data: {
            provider: provider.name,
            tags: aiTagNames(answer?.tags ?? null),
            reasoning: answer?.reasoning ?? '',
            response_time: answer?.responseTimeSeconds ?? (performance.now() - started) / 1000,
          },
        };
      } catch (error) {
        request.log.warn({ err: error, provider: provider.name }, 'trial text check failed');
        throw new HttpError(503, AI_UNAVAILABLE, undefined, 'unavailable', 60);
      }
    },
    { bodyLimit: TRIAL_BODY_LIMIT_BYTES },
  );

  registerEndpoint(app, trialEndpoints.stats, async ({ params }) => {
    const { brand, set } = await brandOf(params.brand);
    return { ok: true, data: await trialStats(db, brand.id, set) };
  });

  registerEndpoint(
    app,
    trialEndpoints.signup,
    async ({ body, request }) => {
      await throttleTrial(db, 'signups', request.ip);
      // A sign-up from a page whose brand went away since is kept, without the brand.
      const brand = body.brand ? await findActiveBrand(db, body.brand.slice(0, 60)) : undefined;
      await insertSignup(db, {
        brandId: brand?.id ?? null,
        brandName: brand?.name ?? '',
        name: body.name,
        email: body.email,
        company: body.company,
        phone: body.phone,
        message: body.message,
      });
      request.log.info({ brand: brand?.slug ?? null }, 'trial sign-up stored');
      return { ok: true };
    },
    { bodyLimit: TRIAL_BODY_LIMIT_BYTES },
  );
}
