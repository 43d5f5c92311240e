import { demoEndpoints, summarize, type Verdict } from '../../../src/contract/demo';
import { registerEndpoint } from '../../http/endpoint';
import type { ServerContext } from '../../server-context';
import {
  listDemoDecisions,
  resetDemoDecisions,
  storeDemoDecision,
} from './demo-sandbox-repository';
import type { SampleSandbox } from './sandbox';
import { DEMO_ROLE_SAMPLE_SET, findSampleSet } from './sample-sets';

/**
 * The demo role's private sandbox (/trial-page): sample content, each decision kept per user and
 * compared with the reference; a reset starts over. Nothing reaches the queue or a service.
 */
export function demoSandboxRoutes(context: ServerContext, sandbox: SampleSandbox): void {
  const { http: app, db } = context;
  const set = findSampleSet(DEMO_ROLE_SAMPLE_SET);
  if (!set) throw new Error(`the demo sample set ${DEMO_ROLE_SAMPLE_SET} is missing`);

  registerEndpoint(app, demoEndpoints.compact, async () => ({
    ok: true,
    data: await sandbox.sandbox(set),
  }));

  registerEndpoint(app, demoEndpoints.result, async ({ user }) => {
    const verdicts: Verdict[] = [];
    for (const decision of await listDemoDecisions(db, user.id)) {
      const sample = set.samples.find((candidate) => candidate.id === decision.sample_id);
      // A sample a later version dropped from the set no longer counts.
      if (!sample) continue;
      verdicts.push(await sandbox.verdict(set, sample, decision, decision.decided_at));
    }
    return { ok: true, data: { summary: summarize(verdicts, set.samples.length), verdicts } };
  });

  registerEndpoint(app, demoEndpoints.submit, async ({ user, body }) => {
    const sample = sandbox.checkDecision(set, body);
    const stored = await storeDemoDecision(db, user.id, {
      sampleId: sample.id,
      tags: body.tags,
      customTag: body.custom_tag,
    });
    return { ok: true, data: await sandbox.verdict(set, sample, stored, stored.decided_at) };
  });

  registerEndpoint(app, demoEndpoints.reset, async ({ user }) => {
    await resetDemoDecisions(db, user.id);
    return { ok: true };
  });
}
