/**
 * The settings of logs and metrics: METRICS refuses what would expose or break the scrape
 * (a guessable token, the main port twice), and the log is readable lines only on a terminal.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { logDestination, prettyLogs } from '../../../server/observability/log-destination';

describe('METRICS', () => {
  it('is off by default', () => {
    expect(loadConfig({}).metrics).toEqual({ mode: 'off' });
  });

  it('token: needs a token of 16 characters or more, naming METRICS_TOKEN', () => {
    expect(() => loadConfig({ METRICS: 'token' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS: 'token', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: .*at least 16/,
    );
    expect(loadConfig({ METRICS: 'token', METRICS_TOKEN: ' 0123456789abcdef ' }).metrics).toEqual({
      mode: 'token',
      token: '0123456789abcdef',
    });
  });

  it('port: on 127.0.0.1:9464 unless told, never on PORT', () => {
    expect(loadConfig({ METRICS: 'port' }).metrics).toEqual({
      mode: 'port',
      host: '127.0.0.1',
      port: 9464,
    });
    expect(() => loadConfig({ METRICS: 'port', PORT: '9100', METRICS_PORT: '9100' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(
      loadConfig({ METRICS: 'port', METRICS_HOST: '0.0.0.0', METRICS_PORT: '9100' }).metrics,
    ).toEqual({ mode: 'port', host: '0.0.0.0', port: 9100 });
  });

  it('refuses an unknown mode, naming the variable', () => {
    expect(() => loadConfig({ METRICS: 'open' })).toThrow(/METRICS/);
  });
});

describe('LOG_FORMAT', () => {
  it('auto: readable lines on a terminal, JSON anywhere else; pretty and json force it', () => {
    expect(prettyLogs('auto', true)).toBe(true);
    expect(prettyLogs('auto', false)).toBe(false);
    expect(prettyLogs('pretty', false)).toBe(true);
    expect(prettyLogs('json', true)).toBe(false);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('writes a readable line, not JSON, when pretty; a given stream gets JSON', () => {
    let written = '';
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const pretty = logDestination('pretty', undefined, false, output).stream;
    if (!pretty) throw new Error('no pretty stream');
    pino({ base: { pid: 1, hostname: 'h' } }, pretty as pino.DestinationStream).info(
      { contentId: 7 },
      'result delivery failed',
    );
    expect(written).toMatch(/INFO.*: result delivery failed\n\s+contentId: 7/);
    expect(written).not.toContain('"msg"');

    expect(logDestination('json', undefined, true)).toEqual({});
    const own = { write: () => undefined };
    expect(logDestination('pretty', own, true)).toEqual({ stream: own });
  });
});
