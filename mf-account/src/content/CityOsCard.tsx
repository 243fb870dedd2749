import { Button, FormError, SectionHeading, Stack, Text, describeError, isWebView } from '@sukoyaka/shared';
import { useCityOsOptInUrl } from './api/get-city-os-opt-in-url';

/**
 * City OS: the partner's opt-in page, reached through a signed link made when the button is
 * pressed (it expires in ten minutes, so it is never made in advance). Inside the apps the
 * partner returns to the app's city-OS login callback; in a browser, to home.
 */
export function CityOsCard({ go = (url: string) => window.location.assign(url) }: { go?: (url: string) => void }) {
  const link = useCityOsOptInUrl();
  return (
    <Stack $gap={1.5}>
      <SectionHeading id="home-city-os">City OS 連携</SectionHeading>
      <Text $muted>お住まいの地域の City OS と連携すると、自治体の健康サービスをすこやかのアカウントで利用できます。</Text>
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
