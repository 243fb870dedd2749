import { testContextForFile, Agent, createMember } from './helpers';

// Messages zod writes itself (not our schemas') reach the member too: they must be Japanese.
const ctx = testContextForFile();

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe("zod's own messages", () => {
  it('a POST whose body is an array gets 400 with a Japanese message', async () => {
    const agent = new Agent(ctx.app);
    const response = await agent.post('signIn', [] as never);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_parameters');
    expect(response.body.message).toMatch(japanese);
    expect(response.body.message).not.toMatch(/Invalid input|expected/i);
  });

  it("a member call's array body is answered in Japanese too", async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    expect((await agent.signIn(member.email, member.password)).status).toBe(200);
    const response = await agent.post('saveBloodPressure', [1, 2] as never);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(japanese);
    expect(response.body.message).not.toMatch(/Invalid input|expected/i);
  });
});
