import { Actions, Button, LoadingSkeleton, Stack, Text } from '@sukoyaka/shared';
import { lazy, Suspense, useState } from 'react';

const QrCode = lazy(() => import(/* webpackChunkName: "qr-code" */ './QrCode'));

/** Copies through the Clipboard API, else the old way (a selected text area), which some web views still need. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure context): the fallback below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** A digital gift's code: shown to be read, copied with one tap (said aloud when done), and as a QR code. */
export function GiftCode({ code, giftName, qrOpen = false }: { code: string; giftName: string; qrOpen?: boolean }) {
  const [status, setStatus] = useState<'copied' | 'failed' | null>(null);
  const [showQr, setShowQr] = useState(qrOpen);
  return (
    <Stack $gap={1}>
      <Text>
        ギフトコード：
        <strong style={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}>{code}</strong>
      </Text>
      <Actions>
        <Button
          variant="secondary"
          // The visible words first, then which gift: a name that holds the label as seen (WCAG 2.5.3).
          aria-label={`コードをコピー（${giftName}）`}
          onClick={() => void copyText(code).then((copied) => setStatus(copied ? 'copied' : 'failed'))}
        >
          コードをコピー
        </Button>
        <Button variant="text" aria-expanded={showQr} onClick={() => setShowQr((open) => !open)}>
          {showQr ? 'QRコードを閉じる' : 'QRコードを表示'}
        </Button>
      </Actions>
      <Text role="status" $muted>
        {status === 'copied'
          ? 'コードをコピーしました。'
          : status === 'failed'
            ? 'コピーできませんでした。コードを長押ししてコピーしてください。'
            : ''}
      </Text>
      {showQr ? (
        <Suspense fallback={<LoadingSkeleton label="QRコードを準備しています" rows={1} />}>
          <QrCode value={code} label={`${giftName}のギフトコードのQRコード`} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
