/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for tests and
 * benches that scrape /metrics: it throws on any line a Prometheus server would refuse, so a
 * test that parses a scrape also checks its format. Supports what the server writes: HELP and
 * TYPE comments, samples with or without labels, escaped label values, NaN and ±Inf values.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL_NAME = '[a-zA-Z_][a-zA-Z0-9_]*';
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{(.*)\\})?\\s+(\\S+)(?:\\s+(-?\\d+))?$`);
const LABEL = new RegExp(`^\\s*(${LABEL_NAME})="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"\\s*(,|$)`);
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** The sample suffixes a family of this type may have besides its bare name. */
function familyOf(sample: string, families: Map<string, MetricFamily>): MetricFamily | undefined {
  const exact = families.get(sample);
  if (exact) return exact;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!sample.endsWith(suffix)) continue;
    const family = families.get(sample.slice(0, -suffix.length));
    if (family && (family.type === 'histogram' || family.type === 'summary')) return family;
  }
  return undefined;
}

function parseLabels(text: string, line: number): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.trim() !== '') {
    const match = LABEL.exec(rest);
    if (!match?.[1]) throw new Error(`line ${line}: bad labels {${text}}`);
    const name = match[1];
    if (name in labels) throw new Error(`line ${line}: label ${name} repeated`);
    labels[name] = (match[2] ?? '').replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(match[0].length);
  }
  return labels;
}

function parseValue(text: string, line: number): number {
  // Prometheus reads these as Go's ParseFloat does: in any case (prom-client writes `Nan`).
  const special = text.toLowerCase();
  if (special === '+inf' || special === 'inf') return Infinity;
  if (special === '-inf') return -Infinity;
  if (special === 'nan') return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`line ${line}: bad value ${text}`);
  return value;
}

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const lines = text.split('\n');
  if (lines.at(-1) !== '') throw new Error('the exposition must end with a line feed');
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const comment = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s+(.*))?$/.exec(raw);
    if (comment) {
      const [, kind, name = '', rest = ''] = comment;
      if (!new RegExp(`^${NAME}$`).test(name)) throw new Error(`line ${line}: bad name ${name}`);
      const family = families.get(name) ?? { name, type: 'untyped', help: '', samples: [] };
      if (kind === 'TYPE') {
        if (!TYPES.has(rest as MetricType)) throw new Error(`line ${line}: bad type ${rest}`);
        if (family.samples.length > 0) throw new Error(`line ${line}: TYPE after samples`);
        family.type = rest as MetricType;
      } else {
        family.help = rest;
      }
      families.set(name, family);
      return;
    }
    if (raw.startsWith('#')) return;
    const match = SAMPLE_LINE.exec(raw);
    if (!match?.[1]) throw new Error(`line ${line}: not a sample: ${raw}`);
    const family = familyOf(match[1], families);
    if (!family) throw new Error(`line ${line}: ${match[1]} has no TYPE before it`);
    family.samples.push({
      name: match[1],
      labels: parseLabels(match[2] ?? '', line),
      value: parseValue(match[3] ?? '', line),
    });
  });
  for (const family of families.values()) {
    if (family.type === 'histogram') checkHistogram(family);
  }
  return families;
}

/** Buckets cumulative and ending in +Inf, which equals _count, per label set. */
function checkHistogram(family: MetricFamily): void {
  const series = new Map<string, Sample[]>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const list = series.get(key) ?? [];
    list.push({ ...sample, labels: le === undefined ? rest : { ...rest, le } });
    series.set(key, list);
  }
  for (const samples of series.values()) {
    const buckets = samples.filter((sample) => sample.name === `${family.name}_bucket`);
    const count = samples.find((sample) => sample.name === `${family.name}_count`);
    const last = buckets.at(-1);
    if (!count || !last || last.labels.le !== '+Inf' || last.value !== count.value) {
      throw new Error(`${family.name}: buckets must end with le="+Inf" equal to _count`);
    }
    buckets.reduce((previous, bucket) => {
      if (bucket.value < previous) throw new Error(`${family.name}: buckets not cumulative`);
      return bucket.value;
    }, 0);
  }
}

/** The value of the one sample named so whose labels include `labels`; undefined if none. */
export function sampleValue(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values()) {
    for (const sample of family.samples) {
      if (sample.name !== name) continue;
      if (Object.entries(labels).every(([key, value]) => sample.labels[key] === value)) {
        return sample.value;
      }
    }
  }
  return undefined;
}
