import { DEMO_ASSOCIATION, DEMO_MEMBER, seedDemo } from '../src/db/seed';
import { Agent, createMember, createTestContext, type TestContext } from './helpers';

/* getNavigationInfo (issue 14): what this member may see — point programs, My Number, unread announcements. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  expect(await seedDemo(ctx.db, ctx.clock.now())).toEqual({ seeded: true });
}, 120_000);
afterAll(async () => ctx?.close());

it('the demo member: the demo program, My Number offered, three unread announcements (one fewer after reading)', async () => {
  const agent = new Agent(ctx.app);
  await agent.signIn(DEMO_MEMBER.email, DEMO_MEMBER.password);
  const info = (await agent.get('getNavigationInfo')).body;
  expect(info).toMatchObject({ association: { id: DEMO_ASSOCIATION.id }, mynaAvailable: true, unreadAnnouncements: 3 });
  expect(info.pointPrograms).toEqual([expect.objectContaining({ name: 'すこやかポイント' })]);
  const first = (await agent.get('listAnnouncements')).body.items[0];
  await agent.post('readAnnouncement', { announcementId: first.id });
  expect((await agent.get('getNavigationInfo')).body.unreadAnnouncements).toBe(2);
});

it("another association's member: no programs, no My Number, only the site-wide announcement", async () => {
  const member = await createMember(ctx.db);
  const agent = new Agent(ctx.app);
  await agent.signIn(member.email, member.password);
  expect((await agent.get('getNavigationInfo')).body).toMatchObject({ pointPrograms: [], mynaAvailable: false, unreadAnnouncements: 1 });
});
