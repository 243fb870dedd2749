import { Button, FormError, Notice, SectionHeading, Stack, Text, describeError, isWebView } from '@sukoyaka/shared';
import { useEffect } from 'react';
import { useCompleteCityOsOptIn } from './api/complete-city-os-opt-in';
import { useCityOsOptInUrl } from './api/get-city-os-opt-in-url';

/**
 * The partner's return to home in a browser (`?code=…&state=…`, or `?error=…&state=…` when the
 * member cancelled): taken out of the address bar at once — they are single-use — and the code and
 * state, if any, handed back.
 */
function takeReturn(): { code: string; state: string } | 'cancelled' | null {
  const params = new URLSearchParams(window.location.search);
  const state = params.get('state');
  if (!state || (!params.has('code') && !params.has('error'))) return null;
  const code = params.get('code');
  for (const name of ['code', 'state', 'error']) params.delete(name);
  const search = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`);
  return code ? { code, state } : 'cancelled';
}

/**
 * City OS: the partner's opt-in page, reached through a signed link made when the button is
 * pressed (it expires in ten minutes, so it is never made in advance). Inside the apps the
 * partner returns to the app's city-OS login callback; in a browser, to home.
 */
export function CityOsCard({ go = (url: string) => window.location.assign(url) }: { go?: (url: string) => void }) {
  const link = useCityOsOptInUrl();
  const completion = useCompleteCityOsOptIn();
  const { mutate: complete } = completion;
  useEffect(() => {
    const returned = takeReturn();
    if (returned && returned !== 'cancelled') complete(returned);
  }, [complete]);
  return (
    <Stack $gap={1.5}>
      <SectionHeading id="home-city-os">City OS 連携</SectionHeading>
      <Text $muted>お住まいの地域の City OS と連携すると、自治体の健康サービスをすこやかのアカウントで利用できます。</Text>
      {completion.isSuccess ? <Notice role="status">City OS との連携が完了しました。</Notice> : null}
      {completion.error ? <FormError>{describeError(completion.error)}</FormError> : null}
      {link.error ? <FormError>{describeError(link.error)}</FormError> : null}
      <div>
        <Button
          variant="secondary"
          busy={link.isPending}
          onClick={() => link.mutate(isWebView() ? 'app' : 'web', { onSuccess: (result) => go(result.url) })}
        >
          City OS と連携する
        </Button>
      </div>
    </Stack>
  );
}
