import { and, eq } from 'drizzle-orm';
import { addressKey } from '../src/account/lockout';
import { auditLogs, signInLocks, smsCodes, users } from '../src/db/schema';
import { testContextForFile, MINUTE, Agent, createMember, signedInMember, type Response } from './helpers';

/*
 * Issue 4, "SMS two-factor" (/mfa/setting/sms/intro, /new, /edit): a phone number registered by
 * a six-digit code (valid 5 minutes, 5 tries), changed, turned off, each behind a fresh password
 * confirmation; once on, sign-in asks for a code.
 */

const ctx = testContextForFile();

let phoneCounter = 0;
/** A fresh mobile number per test: as typed (090-…), as stored (+8190…) and as shown masked. */
function newPhone() {
  phoneCounter += 1;
  const digits = `${Math.floor(1000 + Math.random() * 8000)}${String(phoneCounter).padStart(4, '0')}`;
  return { typed: `090-${digits.slice(0, 4)}-${digits.slice(4)}`, e164: `+8190${digits}`, masked: `090-****-${digits.slice(4)}` };
}

const smsCountTo = (e164: string) => ctx.outbox.snapshot().sms.filter((message) => message.to === e164).length;

/** Makes the call and reads the code of the SMS it sent (the fake provider delivers into the outbox). */
async function sendAndRead(
  e164: string,
  send: () => Promise<Response<any>>,
): Promise<{ response: Response<any>; code: string; text: string }> {
  const before = smsCountTo(e164);
  const response = await send();
  expect(response.status).toBe(200);
  await ctx.deliverOutbox();
  const sms = await ctx.outbox.waitFor(() => (smsCountTo(e164) > before ? ctx.outbox.latestSmsTo(e164) : undefined));
  return { response, code: /(\d{6})/.exec(sms.text)![1]!, text: sms.text };
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

/** A signed-in member who has just confirmed their password (/prompt_auth). */
async function confirmedMember() {
  const { member, agent } = await signedInMember(ctx);
  expect((await agent.post('authenticateUserPassword', { password: member.password })).status).toBe(200);
  return { member, agent };
}

async function memberWithSmsMfa() {
  const member = await createMember(ctx.db);
  const phone = newPhone();
  await ctx.db.update(users).set({ phoneNumber: phone.e164, smsMfaEnabledAt: new Date() }).where(eq(users.id, member.id));
  return { member, phone };
}

/** Wrong passwords of browsers unknown to the account, counted per address (issue 8). */
async function addressRow(email: string) {
  const [row] = await ctx.db
    .select()
    .from(signInLocks)
    .where(eq(signInLocks.emailHash, addressKey(email)));
  return row ?? { failedCount: 0, lockedUntil: null };
}

async function userRow(id: string) {
  const [row] = await ctx.db
    .select({
      phoneNumber: users.phoneNumber,
      smsMfaEnabledAt: users.smsMfaEnabledAt,
      failedAuthCount: users.failedAuthCount,
      lockedUntil: users.lockedUntil,
    })
    .from(users)
    .where(eq(users.id, id));
  return row!;
}

async function auditRows(userId: string, event: string) {
  return ctx.db
    .select({ detail: auditLogs.detail })
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.event, event)));
}

describe('the settings need a fresh password confirmation', () => {
  it.each([
    ['sendSmsMfaSetupCode', { phoneNumber: '090-1234-5678' }],
    ['confirmSmsMfaSetup', { code: '123456' }],
    ['disableSmsMfa', {}],
  ] as const)('%s answers 403 password_authentication_required without one', async (name, body) => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    const response = await agent.post(name, body);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      code: 'password_authentication_required',
      message: '続けるには、パスワードを入力して本人確認をしてください。',
    });
  });

  it('answers 200 with one, and 403 again once it lapses after 15 minutes', async () => {
    const { agent } = await confirmedMember();
    expect((await agent.post('sendSmsMfaSetupCode', { phoneNumber: newPhone().typed })).status).toBe(200);
    ctx.clock.advance(15 * MINUTE);
    expect((await agent.post('sendSmsMfaSetupCode', { phoneNumber: newPhone().typed })).status).toBe(403);
  });

  it('a confirmation belongs to its session: the same member signed in elsewhere has none', async () => {
    const { member } = await confirmedMember();
    const elsewhere = new Agent(ctx.app);
    await elsewhere.signIn(member.email, member.password);
    expect((await elsewhere.post('getAuthState')).body.passwordAuthExpireAt).toBeNull();
    expect((await elsewhere.post('disableSmsMfa')).status).toBe(403);
  });

  it('getSmsMfaSetting needs a member and needs no confirmation', async () => {
    expect((await new Agent(ctx.app).get('getSmsMfaSetting')).status).toBe(401);
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    const response = await agent.get('getSmsMfaSetting');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ enabled: false, phoneNumberMasked: null });
  });
});

describe('turning SMS two-factor on', () => {
  it('sends a six-digit code to the number (normalised to E.164) and turns it on with that code', async () => {
    const { member, agent } = await confirmedMember();
    const phone = newPhone();

    const { response, code, text } = await sendAndRead(phone.e164, () => agent.post('sendSmsMfaSetupCode', { phoneNumber: phone.typed }));
    expect(response.body).toEqual({
      phoneNumberMasked: phone.masked,
      expiresAt: new Date(ctx.clock.now().getTime() + 5 * MINUTE).toISOString(),
    });
    expect(code).toMatch(/^\d{6}$/);
    expect(text).toContain('【すこやか】電話番号の確認コード');
    // The one-time-code line browsers and phones recognise (WebOTP): the site's host and the code.
    expect(text.split('\n').at(-1)).toBe(`@localhost #${code}`);
    // Nothing is registered until the code comes back; only a hash of the code is stored.
    expect(await userRow(member.id)).toMatchObject({ phoneNumber: null, smsMfaEnabledAt: null });
    const [stored] = await ctx.db.select().from(smsCodes).where(eq(smsCodes.userId, member.id));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.phoneNumber).toBe(phone.e164);

    const confirmed = await agent.post('confirmSmsMfaSetup', { code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ enabled: true, phoneNumberMasked: phone.masked });
    expect(await userRow(member.id)).toMatchObject({ phoneNumber: phone.e164, smsMfaEnabledAt: ctx.clock.now() });
    expect((await agent.get('getSmsMfaSetting')).body).toEqual({ enabled: true, phoneNumberMasked: phone.masked });
    expect((await auditRows(member.id, 'mfa_enabled')).map((row) => row.detail)).toEqual([{ phoneNumber: phone.masked }]);
  });

  it.each([
    ['', '電話番号を入力してください'],
    ['03-1234-5678', '電話番号は携帯電話の番号（例: 090-1234-5678）を入力してください'],
    ['090-1234-567', '電話番号は携帯電話の番号（例: 090-1234-5678）を入力してください'],
    ['+1 415 555 0100', '電話番号は携帯電話の番号（例: 090-1234-5678）を入力してください'],
  ])('refuses the number %j with 400 and a Japanese message naming 電話番号; nothing is sent', async (phoneNumber, message) => {
    const { member, agent } = await confirmedMember();
    const before = ctx.outbox.snapshot().sms.length;
    const response = await agent.post('sendSmsMfaSetupCode', { phoneNumber });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_parameters', message, fields: { phoneNumber: [message] } });
    await ctx.deliverOutbox();
    expect(ctx.outbox.snapshot().sms.length).toBe(before);
    expect(await ctx.db.select().from(smsCodes).where(eq(smsCodes.userId, member.id))).toHaveLength(0);
  });

  it('refuses a code that is not six digits with 400 before trying it', async () => {
    const { agent } = await confirmedMember();
    const response = await agent.post('confirmSmsMfaSetup', { code: '12a45' });
    expect(response.status).toBe(400);
    expect(response.body.fields.code).toEqual(['認証コードは6桁の数字で入力してください']);
  });

  it('five wrong codes kill the code: even the right one no longer works, and a new code does', async () => {
    const { member, agent } = await confirmedMember();
    const phone = newPhone();
    const { code } = await sendAndRead(phone.e164, () => agent.post('sendSmsMfaSetupCode', { phoneNumber: phone.typed }));

    for (let i = 0; i < 4; i += 1) {
      const wrong = await agent.post('confirmSmsMfaSetup', { code: otherThan(code) });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        code: 'invalid_parameters',
        message: '認証コードが正しくありません。',
        fields: { code: ['認証コードが正しくありません。'] },
      });
    }
    const fifth = await agent.post('confirmSmsMfaSetup', { code: otherThan(code) });
    expect(fifth.body.message).toBe('認証コードが正しくありません。このコードは使えなくなりました。新しい認証コードを送信してください。');
    const dead = await agent.post('confirmSmsMfaSetup', { code });
    expect(dead.status).toBe(400);
    expect(dead.body.message).toBe('認証コードの有効期限が切れています。新しい認証コードを送信してください。');
    expect((await userRow(member.id)).smsMfaEnabledAt).toBeNull();
    // Setup codes prove a phone, not the member: they do not count toward the account lock.
    expect((await userRow(member.id)).failedAuthCount).toBe(0);

    const fresh = await sendAndRead(phone.e164, () => agent.post('sendSmsMfaSetupCode', { phoneNumber: phone.typed }));
    expect((await agent.post('confirmSmsMfaSetup', { code: fresh.code })).status).toBe(200);
  });

  it('the right code on the fifth try still works', async () => {
    const { agent } = await confirmedMember();
    const phone = newPhone();
    const { code } = await sendAndRead(phone.e164, () => agent.post('sendSmsMfaSetupCode', { phoneNumber: phone.typed }));
    for (let i = 0; i < 4; i += 1) expect((await agent.post('confirmSmsMfaSetup', { code: otherThan(code) })).status).toBe(400);
    expect((await agent.post('confirmSmsMfaSetup', { code })).status).toBe(200);
  });

  it('a code works until 4:59 after it was sent', async () => {
    const { agent } = await confirmedMember();
    const phone = newPhone();
    const { code } = await sendAndRead(phone.e164, () => agent.post('sendSmsMfaSetupCode', { phoneNumber: phone.typed }));
    ctx.clock.advance(5 * MINUTE - 1000);
    expect((await agent.post('confirmSmsMfaSetup', { code })).status).toBe(200);
  });

  it('a code expires 5 minutes after it was sent', async () => {
    const { member, agent } = await confirmedMember();
    const phone = newPhone();
    const { code } = await sendAndRead(phone.e164, () => agent.post('sendSmsMfaSetupCode', { phoneNumber: phone.typed }));
    ctx.clock.advance(5 * MINUTE);
    const response = await agent.post('confirmSmsMfaSetup', { code });
    expect(response.status).toBe(400);
    expect(response.body.fields.code).toEqual(['認証コードの有効期限が切れています。新しい認証コードを送信してください。']);
    expect((await userRow(member.id)).smsMfaEnabledAt).toBeNull();
  });

  it('a code works once', async () => {
    const { agent } = await confirmedMember();
    const phone = newPhone();
    const { code } = await sendAndRead(phone.e164, () => agent.post('sendSmsMfaSetupCode', { phoneNumber: phone.typed }));
    expect((await agent.post('confirmSmsMfaSetup', { code })).status).toBe(200);
    const again = await agent.post('confirmSmsMfaSetup', { code });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('認証コードの有効期限が切れています。新しい認証コードを送信してください。');
  });

  it('a new code ends the previous one', async () => {
    const { member, agent } = await confirmedMember();
    const first = newPhone();
    const second = newPhone();
    const old = await sendAndRead(first.e164, () => agent.post('sendSmsMfaSetupCode', { phoneNumber: first.typed }));
    const latest = await sendAndRead(second.e164, () => agent.post('sendSmsMfaSetupCode', { phoneNumber: second.typed }));
    if (old.code !== latest.code) expect((await agent.post('confirmSmsMfaSetup', { code: old.code })).status).toBe(400);
    expect((await agent.post('confirmSmsMfaSetup', { code: latest.code })).body).toEqual({
      enabled: true,
      phoneNumberMasked: second.masked,
    });
    expect((await userRow(member.id)).phoneNumber).toBe(second.e164);
  });

  it("one member's code does nothing for another member", async () => {
    const one = await confirmedMember();
    const other = await confirmedMember();
    const phone = newPhone();
    const { code } = await sendAndRead(phone.e164, () => one.agent.post('sendSmsMfaSetupCode', { phoneNumber: phone.typed }));
    const response = await other.agent.post('confirmSmsMfaSetup', { code });
    expect(response.status).toBe(400);
    expect((await userRow(other.member.id)).phoneNumber).toBeNull();
  });

  it('sends at most 10 codes an hour to one member, then answers 429 with a Japanese message', async () => {
    const { agent } = await confirmedMember();
    for (let i = 0; i < 10; i += 1) expect((await agent.post('sendSmsMfaSetupCode', { phoneNumber: newPhone().typed })).status).toBe(200);
    const refused = await agent.post('sendSmsMfaSetupCode', { phoneNumber: newPhone().typed });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'too_many_requests',
      message: 'SMSの送信回数が上限に達しました。1時間ほど時間をおいてから、もう一度お試しください。',
    });
    ctx.clock.advance(60 * MINUTE);
    expect((await agent.post('authenticateUserPassword', { password: 'correct-horse-battery' })).status).toBe(200);
    expect((await agent.post('sendSmsMfaSetupCode', { phoneNumber: newPhone().typed })).status).toBe(200);
  });

  // Issue 8: this used to answer 503 delivery_failed; the SMS now waits in the outbox and is retried.
  it('a provider failure does not fail the call: the SMS is retried and the code arrives', async () => {
    const { agent } = await confirmedMember();
    const phone = newPhone();
    const send = jest.spyOn(ctx.services.sms, 'send').mockRejectedValueOnce(new Error('provider down'));
    try {
      const response = await agent.post('sendSmsMfaSetupCode', { phoneNumber: phone.typed });
      expect(response.status).toBe(200);
      await ctx.deliverOutbox();
      expect(send).toHaveBeenCalledTimes(1);
      expect(smsCountTo(phone.e164)).toBe(0);
    } finally {
      send.mockRestore();
    }
    ctx.clock.advance(MINUTE);
    await ctx.deliverOutbox();
    const sms = ctx.outbox.latestSmsTo(phone.e164)!;
    const code = /(\d{6})/.exec(sms.text)![1]!;
    expect((await agent.post('confirmSmsMfaSetup', { code })).status).toBe(200);
  });
});

describe('changing the number and turning it off', () => {
  async function confirmedMemberWithMfa() {
    const { member, agent } = await confirmedMember();
    const phone = newPhone();
    const { code } = await sendAndRead(phone.e164, () => agent.post('sendSmsMfaSetupCode', { phoneNumber: phone.typed }));
    expect((await agent.post('confirmSmsMfaSetup', { code })).status).toBe(200);
    return { member, agent, phone };
  }

  it('changes the number once the new one confirms its code; the old one stays until then', async () => {
    const { member, agent, phone } = await confirmedMemberWithMfa();
    const next = newPhone();
    const { code } = await sendAndRead(next.e164, () => agent.post('sendSmsMfaSetupCode', { phoneNumber: next.e164 }));
    expect((await userRow(member.id)).phoneNumber).toBe(phone.e164);

    const response = await agent.post('confirmSmsMfaSetup', { code });
    expect(response.body).toEqual({ enabled: true, phoneNumberMasked: next.masked });
    const row = await userRow(member.id);
    expect(row.phoneNumber).toBe(next.e164);
    expect((await auditRows(member.id, 'mfa_changed')).map((audit) => audit.detail)).toEqual([{ from: phone.masked, to: next.masked }]);
  });

  it('refuses the number already registered with 400 naming 電話番号', async () => {
    const { agent, phone } = await confirmedMemberWithMfa();
    const response = await agent.post('sendSmsMfaSetupCode', { phoneNumber: phone.typed });
    expect(response.status).toBe(400);
    expect(response.body.fields.phoneNumber).toEqual(['現在登録されている電話番号です。変更する場合は、別の電話番号を入力してください。']);
  });

  it('turns it off and forgets the number; sign-in then asks for no code', async () => {
    const { member, agent, phone } = await confirmedMemberWithMfa();
    const response = await agent.post('disableSmsMfa');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ enabled: false, phoneNumberMasked: null });
    expect(await userRow(member.id)).toMatchObject({ phoneNumber: null, smsMfaEnabledAt: null });
    expect((await auditRows(member.id, 'mfa_disabled')).map((audit) => audit.detail)).toEqual([{ phoneNumber: phone.masked }]);

    const signIn = await new Agent(ctx.app).signIn(member.email, member.password);
    expect(signIn.body).toEqual({ userId: member.id, mfaRequired: false });
  });
});

describe('sign-in with SMS two-factor', () => {
  it('signIn starts no member session: it sends a code and answers mfaRequired', async () => {
    const { member, phone } = await memberWithSmsMfa();
    const agent = new Agent(ctx.app);
    const { response, text } = await sendAndRead(phone.e164, () => agent.signIn(member.email, member.password));
    expect(response.body).toEqual({ userId: null, mfaRequired: true });
    expect(text).toContain('【すこやか】ログイン認証コード');
    expect((await agent.get('getUserInfo')).status).toBe(401);
    expect((await agent.get('getSession')).body.userId).toBeNull();
    expect((await auditRows(member.id, 'sign_in_mfa_required')).map((row) => row.detail)).toEqual([{ sentTo: phone.masked }]);
    expect(await auditRows(member.id, 'sign_in')).toHaveLength(0);
  });

  it('verifySignInCode with the right code signs in and rotates the session id', async () => {
    const { member, phone } = await memberWithSmsMfa();
    const agent = new Agent(ctx.app);
    const { code } = await sendAndRead(phone.e164, () => agent.signIn(member.email, member.password));
    const pendingCookie = agent.cookie('sukoyaka_session');

    const response = await agent.post('verifySignInCode', { code });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ userId: member.id });
    expect(agent.cookie('sukoyaka_session')).not.toBe(pendingCookie);
    agent.token = undefined;
    expect((await agent.get('getUserInfo')).body.userId).toBe(member.id);
    expect((await auditRows(member.id, 'sign_in')).map((row) => row.detail)).toEqual([{ method: 'password+sms' }]);

    // The code was used up, and the pending sign-in went with the old session.
    const again = new Agent(ctx.app);
    expect((await again.post('verifySignInCode', { code })).status).toBe(401);
  });

  it('accepts the code typed with full-width digits', async () => {
    const { member, phone } = await memberWithSmsMfa();
    const agent = new Agent(ctx.app);
    const { code } = await sendAndRead(phone.e164, () => agent.signIn(member.email, member.password));
    const fullWidth = code.replace(/\d/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0));
    expect((await agent.post('verifySignInCode', { code: fullWidth })).status).toBe(200);
  });

  it('without a pending sign-in, verifySignInCode answers 401 with a Japanese message', async () => {
    const response = await new Agent(ctx.app).post('verifySignInCode', { code: '123456' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      code: 'unauthenticated',
      message: 'ログインの手続きが見つかりません。もう一度メールアドレスとパスワードを入力してください。',
    });
  });

  it("a code read by another browser is no use there: the pending sign-in is this session's", async () => {
    const { member, phone } = await memberWithSmsMfa();
    const { code } = await sendAndRead(phone.e164, () => new Agent(ctx.app).signIn(member.email, member.password));
    const attacker = new Agent(ctx.app);
    expect((await attacker.post('verifySignInCode', { code })).status).toBe(401);
    expect((await attacker.get('getSession')).body.userId).toBeNull();
  });

  // Issue 8: wrong passwords used to count toward the account's own lock together with wrong
  // codes (2 + 3 locked it). Wrong passwords now count per address for unknown browsers (or per
  // known browser), so a stranger's guesses cannot add to the lock that ends the member's sessions;
  // wrong codes, which need the password, still lock the account.
  it('five wrong codes in a row lock the account; wrong passwords before them count toward the address instead', async () => {
    const { member, phone } = await memberWithSmsMfa();
    const agent = new Agent(ctx.app);
    expect((await agent.signIn(member.email, 'wrong-1')).status).toBe(401);
    expect((await agent.signIn(member.email, 'wrong-2')).status).toBe(401);
    expect((await addressRow(member.email)).failedCount).toBe(2);
    const { code } = await sendAndRead(phone.e164, () => agent.signIn(member.email, member.password));
    // The password alone, with a code still to come, does not end the run of failures.
    expect((await addressRow(member.email)).failedCount).toBe(2);
    expect((await userRow(member.id)).failedAuthCount).toBe(0);

    expect((await agent.post('verifySignInCode', { code: otherThan(code) })).body.message).toBe('認証コードが正しくありません。');
    expect((await agent.post('verifySignInCode', { code: otherThan(code) })).body.message).toBe('認証コードが正しくありません。');
    const third = await agent.post('verifySignInCode', { code: otherThan(code) });
    expect(third.status).toBe(400);
    expect(third.body.message).toBe('認証コードが正しくありません。あと2回間違えると、アカウントが30分間ロックされます。');
    expect((await agent.post('verifySignInCode', { code: otherThan(code) })).body.message).toBe(
      '認証コードが正しくありません。あと1回間違えると、アカウントが30分間ロックされます。',
    );
    const fifth = await agent.post('verifySignInCode', { code: otherThan(code) });
    expect(fifth.status).toBe(423);
    expect(fifth.body.code).toBe('system_account_locked');

    // Locked: the right code and the right password both get 423.
    expect((await agent.post('verifySignInCode', { code })).status).toBe(423);
    expect((await new Agent(ctx.app).signIn(member.email, member.password)).status).toBe(423);
    expect((await auditRows(member.id, 'account_locked'))[0]!.detail).toMatchObject({ after: 'sms_code' });
  });

  it('a completed sign-in ends the run of failures', async () => {
    const { member, phone } = await memberWithSmsMfa();
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, 'wrong-1');
    const { code } = await sendAndRead(phone.e164, () => agent.signIn(member.email, member.password));
    expect((await agent.post('verifySignInCode', { code: otherThan(code) })).status).toBe(400);
    expect((await addressRow(member.email)).failedCount).toBe(1);
    expect((await userRow(member.id)).failedAuthCount).toBe(1);
    expect((await agent.post('verifySignInCode', { code })).status).toBe(200);
    expect((await addressRow(member.email)).failedCount).toBe(0);
    expect((await userRow(member.id)).failedAuthCount).toBe(0);
  });

  it('the sign-in code expires after 5 minutes; signing in again sends a new one that works', async () => {
    const { member, phone } = await memberWithSmsMfa();
    const agent = new Agent(ctx.app);
    const first = await sendAndRead(phone.e164, () => agent.signIn(member.email, member.password));
    ctx.clock.advance(5 * MINUTE);
    const expired = await agent.post('verifySignInCode', { code: first.code });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('認証コードの有効期限が切れています。新しい認証コードを送信してください。');

    const second = await sendAndRead(phone.e164, () => agent.signIn(member.email, member.password));
    agent.token = undefined;
    expect((await agent.post('verifySignInCode', { code: second.code })).status).toBe(200);
  });
});
