import { assertValidEnvironment, environmentProblems } from '../../src/config';

describe('configuration by environment, checked at start (issue 15)', () => {
  it('accepts the development defaults (nothing set) and a well-formed environment', () => {
    expect(environmentProblems({})).toEqual([]);
    expect(
      environmentProblems({
        NODE_ENV: 'development',
        PORT: '8080',
        DATABASE_URL: 'postgres://u@db:5432/s',
        REDIS_URL: 'redis://r:6379',
        LOG_LEVEL: 'info',
        PORT_UNUSED: 'x',
      }),
    ).toEqual([]);
  });

  it('lists every malformed variable at once, by name, in Japanese', () => {
    const problems = environmentProblems({
      PORT: '80a',
      DATABASE_URL: 'mysql://db/s',
      AUTH_THROTTLE_MAX: '-1',
      COOKIE_SECURE: 'yes',
      GA_MEASUREMENT_ID: 'UA-1',
      LOG_LEVEL: 'loud',
      SMTP_URL: '',
    });
    expect(problems.map((line) => line.split(':')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'COOKIE_SECURE',
      'GA_MEASUREMENT_ID',
      'AUTH_THROTTLE_MAX',
      'LOG_LEVEL',
    ]);
    expect(problems[0]).toContain('0〜65535 のポート番号で指定してください');
    expect(problems[4]).toContain('0 以上の整数で指定してください');
    expect(problems[1]).toContain('postgres / postgresql の URL で指定してください');
    expect(() => assertValidEnvironment({ PORT: '80a', COOKIE_SECURE: 'yes' })).toThrow(
      /環境変数の設定に問題があります \(2 件\):\n- PORT: .*\n- COOKIE_SECURE: /,
    );
  });

  it('in production, names every missing requirement and what must be stricter', () => {
    const problems = environmentProblems({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://sukoyaka.example',
      DEPLOY_TOKEN: 'short-token-1234567',
      SEED_DEMO: 'true',
    });
    expect(problems).toEqual([
      'DATABASE_URL: 本番環境では必須です',
      'SMTP_URL: 本番環境では必須です',
      'SMS_API_URL: 本番環境では必須です',
      'SMS_API_KEY: 本番環境では必須です',
      'GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: 本番環境では必須です',
      'MYNA_PORTAL_URL, MYNA_CLIENT_ID, MYNA_CLIENT_SECRET: 本番環境では必須です',
      'PUBLIC_URL: 本番環境では https の URL にしてください',
      'DEPLOY_TOKEN: 本番環境では 32 文字以上にしてください',
      'SEED_DEMO: 本番環境ではデモデータを入れません (外してください)',
    ]);
  });
});
