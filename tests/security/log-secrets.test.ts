import { describe, expect, test } from 'vitest';
import { codesIn, findSecrets, type KnownSecrets } from '../e2e/log-secrets';

// The scan the end-to-end run makes of its servers' logs (tests/e2e/global-setup.ts): it finds each
// kind of secret, masks it in what it prints, and lets an ordinary request log through.

const secrets: KnownSecrets = {
  idNumbers: ['190012345', '190023456'],
  codes: codesIn(['Kibali: your code to view application K7PQ2-M9XHT is 482913. It is valid for 10 minutes.']),
  tokens: ['0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a6978'],
};

const request = (url: string, extra = '') =>
  `{"level":30,"time":1763781234567,"pid":41234,"hostname":"ci-7","reqId":"3f1c2a9e-6b7d-4e21-9a0b-1c2d3e4f5a6b","req":{"method":"POST","url":"${url}"}${extra},"msg":"incoming request"}`;

describe('the log scan', () => {
  test('reads the codes from the SMS texts', () => {
    expect(secrets.codes).toEqual(['482913']);
  });

  test('lets ordinary request and response lines through', () => {
    const lines = [
      request('/api/application/verify_code'),
      '{"level":30,"time":1763781234999,"reqId":"3f1c2a9e-6b7d-4e21-9a0b-1c2d3e4f5a6b","res":{"statusCode":200},"responseTime":12.482913000001,"msg":"request completed"}',
      '{"level":30,"msg":"Server listening at http://127.0.0.1:41234"}',
      '{"level":40,"msg":"support phone +255 24 223 0000"}',
      request('/assets/index-BkQ7x9Zp.js'),
      // Request IDs and asset names whose digits look like a phone number (seen in CI).
      request('/favicon.svg').replace('3f1c2a9e-6b7d', 'db071234-5678'),
      request('/assets/MenuItem-BXVOMkdf.js')
        .replace('3f1c2a9e-6b7d', '2deafcb7-a061')
        .replace('9a0b-1c2d3e4f5a6b', '9a0b-255712345678'),
      request('/assets/Grow-0712345678.js'),
      '{"reqId":"25571234-5678-4e21-9a0b-1c2d3e4f5a6b","msg":"incoming request"}',
      // A request ID holding a code that was sent, and one holding an ID number (seen in CI).
      '{"reqId":"ee482913-6d6a-457b-ae08-c7b6dce54e85","req":{"method":"GET","url":"/dashboard"}}',
      '{"reqId":"1f2e3d4c-5b6a-4978-8190012345ab","req":{"method":"GET","url":"/dashboard"}}',
      '{"reqId":"0a1b2c3d-4e5f-4a6b-b7c8-190012345d9e"}',
    ];
    expect(findSecrets(lines.join('\n'), secrets)).toEqual([]);
  });

  test.each([
    ['ID number', request('/api/application/verify_zanid', ',"body":{"zan_id":"190012345"}'), '190012345'],
    ['phone number', '{"msg":"SMS","sms":{"to":"+255700099901"}}', '+255700099901'],
    ['phone number', '{"msg":"SMS","sms":{"to":"+255 777 123 456"}}', '+255 777 123 456'],
    ['phone number', '{"msg":"calling 0777123456"}', '0777123456'],
    ['phone number', '{"msg":"calling 0655-123-456"}', '0655-123-456'],
    ['one-time code', '{"msg":"SMS","sms":{"message":"your code is 482913"}}', '482913'],
    ['one-time code', '{"sms":{"message":"Kibali: your code is 482913. It is valid for 10 minutes."}}', '482913'],
    ['phone number', '{"msg":"call 0777123456."}', '0777123456'],
    ['token', `{"headers":{"x":"${secrets.tokens[0]}"}}`, secrets.tokens[0]!],
    ['session cookie', '{"headers":{"cookie":"kibali_session=abc.def"}}', 'kibali_session=abc.def'],
    [
      'session token',
      '{"token":"Zq3mV9xK2pL8sR4tW7yB1nC6dF0gH5jA-uE_iO3kM2q"}',
      'Zq3mV9xK2pL8sR4tW7yB1nC6dF0gH5jA-uE_iO3kM2q',
    ],
    ['bearer token', '{"authorization":"Bearer abc123def456"}', 'Bearer abc123def456'],
  ])('finds a %s, and prints the line with it masked', (kind, line, secret) => {
    const findings = findSecrets(`${request('/healthz')}\n${line}`, secrets, 'portal.log');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ file: 'portal.log', line: 2 });
    expect(findings[0]!.kind).toContain(kind);
    expect(findings[0]!.masked).not.toContain(secret);
    expect(findings[0]!.masked).toContain(secret.slice(0, 2));
  });
});
