import type { WalkingBoardEntry, WalkingDay, WalkingEvent, WalkingEventSummary } from '@sukoyaka/contract';
import {
  Actions,
  AppLink,
  Button,
  Card,
  EmptyState,
  FactRows,
  FormError,
  List,
  Notice,
  SectionHeading,
  Stack,
  Text,
  TextField,
  describeError,
  japaneseDate,
  japanMonthDay,
  navigate,
  useContractForm,
  useFormValues,
  useParams,
  loadIncentiveCalls,
} from '@sukoyaka/shared';
import { useState } from 'react';
import {
  useCreateWalkingTeam,
  useJoinWalkingEvent,
  useJoinWalkingTeam,
  useLeaveWalkingEvent,
  useLeaveWalkingTeam,
  useWalkingEvent,
  useWalkingEvents,
  useWalkingLeaderboard,
  useWalkingTeam,
  useWalkingTeamInvite,
} from '../api/walking-events';
import { formatAmount, formatPoints } from '../format';
import { IncentivePage, QueryState } from '../parts/IncentivePage';

/*
 * Walking events (チームでウォーキング, issue 29): the list, an event (join, the member's days and
 * rank, the team, the leaderboards), the member's team page and the invite link's page.
 */

export const WALKING_EVENTS_PATH = '/incentives/walking_events';
const eventPath = (eventId: string) => `${WALKING_EVENTS_PATH}/${eventId}`;
const teamPath = (eventId: string, teamId: string) => `${eventPath(eventId)}/teams/${teamId}`;
export const invitePath = (code: string) => `/incentives/walking_invites/${code}`;

const PHASE_TEXT: Record<WalkingEvent['phase'], string> = {
  upcoming: '開始前',
  open: '開催中',
  grace: '集計中',
  closed: '終了',
};
const MODE_TEXT: Record<WalkingEvent['mode'], string> = { solo: '個人', team: 'チーム', both: '個人・チーム' };
const DAY_STATUS_TEXT: Record<WalkingDay['status'], string> = {
  counted: '',
  held: '確認中',
  approved: '確認済み',
  refused: '対象外',
};

const period = (event: Pick<WalkingEvent, 'startsOn' | 'endsOn'>) => `${japaneseDate(event.startsOn)}〜${japaneseDate(event.endsOn)}`;
const steps = (value: number) => `${formatAmount(value)}歩`;

/** `/incentives/walking_events`: the association's walking events. */
export function WalkingEventsPage() {
  return (
    <IncentivePage title="ウォーキングイベント" back={{ href: '/incentives', label: 'コイン・ポイントへ戻る' }}>
      {() => <WalkingEventList />}
    </IncentivePage>
  );
}

function WalkingEventList() {
  const query = useWalkingEvents();
  if (!query.data) return <QueryState query={query} label="ウォーキングイベント" />;
  if (query.data.items.length === 0) {
    return <EmptyState title="いま参加できるイベントはありません">新しいイベントが始まったら、ここに表示します。</EmptyState>;
  }
  return (
    <Stack $gap={2}>
      {query.data.items.map((event) => (
        <EventSummary key={event.id} event={event} />
      ))}
    </Stack>
  );
}

function EventSummary({ event }: { event: WalkingEventSummary }) {
  const headingId = `walking-${event.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <Stack $gap={1}>
        <SectionHeading id={headingId}>{event.title}</SectionHeading>
        <FactRows>
          <dt>期間</dt>
          <dd>{period(event)}</dd>
          <dt>状況</dt>
          <dd>
            {PHASE_TEXT[event.phase]}（{formatAmount(event.participants)}人が参加）
          </dd>
          <dt>参加形式</dt>
          <dd>{MODE_TEXT[event.mode]}</dd>
        </FactRows>
        {event.joined ? <Notice role="status">参加しています</Notice> : null}
        <AppLink href={eventPath(event.id)}>「{event.title}」の詳しい内容</AppLink>
      </Stack>
    </Card>
  );
}

/** `/incentives/walking_events/:eventId`: one event. */
export function WalkingEventPage() {
  const eventId = useParams().eventId ?? '';
  return (
    <IncentivePage title="ウォーキングイベント" back={{ href: WALKING_EVENTS_PATH, label: 'イベントの一覧へ戻る' }}>
      {() => <WalkingEventDetail eventId={eventId} />}
    </IncentivePage>
  );
}

function Rewards({ event }: { event: WalkingEvent }) {
  const lines = [
    ...(event.finishSteps && event.finishPoints > 0 ? [`${steps(event.finishSteps)}を歩くと${formatPoints(event.finishPoints)}`] : []),
    ...event.rankRewards.map((tier) => `個人${formatAmount(tier.upToRank)}位まで${formatPoints(tier.points)}`),
    ...event.teamRankRewards.map((tier) => `チーム${formatAmount(tier.upToRank)}位までのメンバーに${formatPoints(tier.points)}`),
  ];
  if (lines.length === 0) return null;
  return (
    <>
      <dt>報酬</dt>
      <dd>{lines.join('、')}（終了後に一度だけ付与）</dd>
    </>
  );
}

function WalkingEventDetail({ eventId }: { eventId: string }) {
  const query = useWalkingEvent(eventId);
  const join = useJoinWalkingEvent();
  const leave = useLeaveWalkingEvent();
  if (!query.data) return <QueryState query={query} label="イベント" />;
  const event = query.data;
  const me = event.me;
  const canJoin = event.phase === 'upcoming' || event.phase === 'open';
  const error = join.error ?? leave.error;
  return (
    <Stack $gap={2}>
      <Card aria-labelledby="walking-event-title">
        <Stack $gap={1.5}>
          <SectionHeading id="walking-event-title">{event.title}</SectionHeading>
          {event.description ? <Text style={{ whiteSpace: 'pre-wrap' }}>{event.description}</Text> : null}
          <FactRows>
            <dt>期間</dt>
            <dd>{period(event)}</dd>
            <dt>状況</dt>
            <dd>
              {PHASE_TEXT[event.phase]}（{formatAmount(event.participants)}人・{formatAmount(event.teams)}チーム）
            </dd>
            <dt>数える歩数</dt>
            <dd>
              連携した機器やアプリの歩数です。手入力の歩数は数えません。1日{steps(event.dailyLimit)}
              を超える日や、同じ大きな歩数が続く日は「確認中」になり、確認が済むまで数えません。期間の終了後{formatAmount(event.graceDays)}
              日までに届いた歩数も数えます。
            </dd>
            <Rewards event={event} />
          </FactRows>
          {error ? <FormError>{describeError(error)}</FormError> : null}
          {!me && canJoin ? (
            <Actions>
              <Button busy={join.isPending} onClick={() => join.mutate(event.id)}>
                このイベントに参加する
              </Button>
            </Actions>
          ) : null}
          {me && event.phase === 'upcoming' ? (
            <Actions>
              <Button variant="secondary" busy={leave.isPending} onClick={() => leave.mutate(event.id)}>
                参加をやめる
              </Button>
            </Actions>
          ) : null}
        </Stack>
      </Card>
      {me ? <MyProgress event={event} me={me} /> : null}
      {me && event.mode !== 'solo' ? <MyTeam event={event} me={me} /> : null}
      {event.mode !== 'team' ? <Leaderboard eventId={event.id} kind="members" title="個人ランキング" /> : null}
      {event.mode !== 'solo' ? <Leaderboard eventId={event.id} kind="teams" title="チームランキング" /> : null}
    </Stack>
  );
}

type Me = NonNullable<WalkingEvent['me']>;

function DayList({ days, label }: { days: WalkingDay[]; label: string }) {
  if (days.length === 0) return <Text $muted>まだ数えた日はありません。</Text>;
  return (
    <List aria-label={label}>
      {days.map((day) => (
        <li key={day.day}>
          {`${japanMonthDay(day.day)}：${steps(day.steps)}${day.status !== 'counted' ? `（${DAY_STATUS_TEXT[day.status]}）` : ''}`}
        </li>
      ))}
    </List>
  );
}

function MyProgress({ event, me }: { event: WalkingEvent; me: Me }) {
  const held = me.days.filter((day) => day.status === 'held').length;
  return (
    <Card aria-labelledby="walking-me">
      <Stack $gap={1.5}>
        <SectionHeading id="walking-me">あなたの記録</SectionHeading>
        <FactRows>
          <dt>合計</dt>
          <dd>{steps(me.total)}</dd>
          <dt>順位</dt>
          <dd>
            {formatAmount(me.rank)}位 / {formatAmount(event.participants)}人
          </dd>
          {event.phase === 'closed' ? (
            <>
              <dt>報酬</dt>
              {/* The payout goes in batches after the close: nothing is claimed before the member's is paid. */}
              <dd>
                {me.rewardPoints === null
                  ? 'ポイントを付与しています。しばらくお待ちください。'
                  : me.rewardPoints > 0
                    ? `${formatPoints(me.rewardPoints)}を付与しました`
                    : 'ありません'}
              </dd>
            </>
          ) : null}
        </FactRows>
        {held > 0 ? <Notice role="status">確認中の日が{held}日あります。確認が済むまで合計には入りません。</Notice> : null}
        <DayList days={me.days} label="あなたの日ごとの歩数" />
      </Stack>
    </Card>
  );
}

function MyTeam({ event, me }: { event: WalkingEvent; me: Me }) {
  const leave = useLeaveWalkingTeam();
  const canForm = event.phase === 'upcoming' || event.phase === 'open';
  const team = me.team;
  return (
    <Card aria-labelledby="walking-team">
      <Stack $gap={1.5}>
        <SectionHeading id="walking-team">チーム</SectionHeading>
        {team ? (
          <>
            <FactRows>
              <dt>チーム名</dt>
              <dd>{team.name}</dd>
              <dt>チームの合計</dt>
              <dd>{steps(team.total)}</dd>
              <dt>チームの順位</dt>
              <dd>
                {formatAmount(team.rank)}位 / {formatAmount(event.teams)}チーム
              </dd>
              <dt>メンバー</dt>
              <dd>
                {team.members}人 / {event.teamSize}人
              </dd>
              <dt>招待コード</dt>
              <dd style={{ overflowWrap: 'anywhere' }}>{team.inviteCode}</dd>
            </FactRows>
            <Text $muted>招待リンク：{invitePath(team.inviteCode)}（チームの仲間に伝えてください）</Text>
            <AppLink href={teamPath(event.id, team.id)}>チームのページ</AppLink>
            {leave.error ? <FormError>{describeError(leave.error)}</FormError> : null}
            {event.phase === 'upcoming' ? (
              <Actions>
                <Button variant="secondary" busy={leave.isPending} onClick={() => leave.mutate(event.id)}>
                  チームを抜ける
                </Button>
              </Actions>
            ) : null}
          </>
        ) : canForm ? (
          <NewTeam eventId={event.id} />
        ) : (
          <Text $muted>チームには入っていません。</Text>
        )}
      </Stack>
    </Card>
  );
}

function NewTeam({ eventId }: { eventId: string }) {
  const create = useCreateWalkingTeam();
  const { values, field } = useFormValues(() => ({ eventId, name: '' }));
  // The schema loads at the form's first touch: the event's pages show without zod (issue 27).
  const form = useContractForm({
    loadSchema: () => loadIncentiveCalls().then((calls) => calls.createWalkingTeam.input),
    mutation: create,
  });
  const [code, setCode] = useState('');
  return (
    <Stack $gap={1.5}>
      <form {...form.formProps(() => values)} aria-label="チームをつくる">
        <Stack $gap={1}>
          <TextField {...field('name', form.errors)} label="チーム名" hint="30文字まで。ランキングに表示されます。" />
          {form.formError ? <FormError>{form.formError}</FormError> : null}
          <Actions>
            <Button type="submit" busy={create.isPending}>
              チームをつくる
            </Button>
          </Actions>
        </Stack>
      </form>
      <Stack $gap={1}>
        <TextField
          name="inviteCode"
          label="招待コードでチームに入る"
          hint="チームの仲間から届いた12文字のコード"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Actions>
          <Button variant="secondary" disabled={code.trim().length === 0} onClick={() => navigate(invitePath(code.trim()))}>
            招待コードを確かめる
          </Button>
        </Actions>
      </Stack>
    </Stack>
  );
}

function BoardList({ entries, label }: { entries: WalkingBoardEntry[]; label: string }) {
  return (
    <List aria-label={label}>
      {entries.map((entry, index) => (
        <li
          key={`${entry.rank}-${index}`}
          aria-current={entry.isMe ? 'true' : undefined}
          style={entry.isMe ? { fontWeight: 700 } : undefined}
        >
          {`${formatAmount(entry.rank)}位 ${entry.name} ${steps(entry.total)}${entry.isMe ? '（あなた）' : ''}`}
        </li>
      ))}
    </List>
  );
}

function Leaderboard({ eventId, kind, title }: { eventId: string; kind: 'members' | 'teams'; title: string }) {
  const query = useWalkingLeaderboard(eventId, kind);
  const headingId = `walking-board-${kind}`;
  return (
    <Card aria-labelledby={headingId}>
      <Stack $gap={1.5}>
        <SectionHeading id={headingId}>{title}</SectionHeading>
        {!query.data ? (
          <QueryState query={query} label={title} />
        ) : query.data.top.length === 0 ? (
          <Text $muted>まだ参加者がいません。</Text>
        ) : (
          <>
            <BoardList entries={query.data.top} label={`${title}の上位`} />
            {query.data.aroundMe.length > 0 ? (
              <>
                <Text>{kind === 'members' ? 'あなたの前後' : 'あなたのチームの前後'}</Text>
                <BoardList entries={query.data.aroundMe} label={`${title}のあなたの前後`} />
              </>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** `/incentives/walking_events/:eventId/teams/:teamId`: the member's own team. */
export function WalkingTeamPage() {
  const params = useParams();
  const eventId = params.eventId ?? '';
  return (
    <IncentivePage title="チームのページ" back={{ href: eventPath(eventId), label: 'イベントへ戻る' }}>
      {() => <TeamDetail eventId={eventId} teamId={params.teamId ?? ''} />}
    </IncentivePage>
  );
}

function TeamDetail({ eventId, teamId }: { eventId: string; teamId: string }) {
  const query = useWalkingTeam(eventId, teamId);
  if (!query.data) return <QueryState query={query} label="チーム" />;
  const team = query.data;
  return (
    <Stack $gap={2}>
      <Card aria-labelledby="walking-team-name">
        <Stack $gap={1}>
          <SectionHeading id="walking-team-name">{team.name}</SectionHeading>
          <FactRows>
            <dt>チームの合計</dt>
            <dd>{steps(team.total)}</dd>
            <dt>チームの順位</dt>
            <dd>{formatAmount(team.rank)}位</dd>
            <dt>メンバー</dt>
            <dd>
              {team.members.length}人 / {team.teamSize}人
            </dd>
            <dt>招待コード</dt>
            <dd style={{ overflowWrap: 'anywhere' }}>{team.inviteCode}</dd>
          </FactRows>
        </Stack>
      </Card>
      {team.members.map((member, index) => (
        <Card key={`${member.name}-${index}`} aria-labelledby={`walking-member-${index}`}>
          <Stack $gap={1}>
            <SectionHeading id={`walking-member-${index}`}>
              {member.name}
              {member.isMe ? '（あなた）' : ''}：{steps(member.total)}
            </SectionHeading>
            <DayList days={member.days} label={`${member.name}の日ごとの歩数`} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** `/incentives/walking_invites/:code`: the invite link, what it leads to and joining. */
export function WalkingInvitePage() {
  const code = useParams().code ?? '';
  return (
    <IncentivePage title="チームへの招待" back={{ href: WALKING_EVENTS_PATH, label: 'イベントの一覧へ' }}>
      {() => <Invite code={code} />}
    </IncentivePage>
  );
}

function Invite({ code }: { code: string }) {
  const query = useWalkingTeamInvite(code);
  const join = useJoinWalkingTeam();
  if (!query.data) return <QueryState query={query} label="招待" />;
  const invite = query.data;
  return (
    <Card aria-labelledby="walking-invite">
      <Stack $gap={1.5}>
        <SectionHeading id="walking-invite">「{invite.teamName}」に招待されています</SectionHeading>
        <FactRows>
          <dt>イベント</dt>
          <dd>{invite.eventTitle}</dd>
          <dt>期間</dt>
          <dd>{period(invite)}</dd>
          <dt>メンバー</dt>
          <dd>
            {invite.members}人 / {invite.teamSize}人
          </dd>
        </FactRows>
        {join.error ? <FormError>{describeError(join.error)}</FormError> : null}
        <Actions>
          <Button
            busy={join.isPending}
            onClick={() => join.mutate(code, { onSuccess: (team) => navigate(teamPath(team.eventId, team.id)) })}
          >
            このチームに入る
          </Button>
        </Actions>
      </Stack>
    </Card>
  );
}
