import { LEAVE_RETENTION_YEARS } from '@sukoyaka/contract';
import type { Mail } from '../integrations/mail/mailer';

/*
 * The account mails, in plain text (every mail client and carrier shows it). Links carry the
 * token as `token=`; each mail says how long its link works and what to do if the reader did
 * not ask for it.
 */

const SIGNATURE = ['', '――', 'すこやか', '※このメールは送信専用です。ご返信いただいてもお答えできません。'].join('\n');

function mail(to: string, subject: string, lines: string[]): Mail {
  return { to, subject: `【すこやか】${subject}`, text: [...lines, SIGNATURE].join('\n') };
}

export function link(publicUrl: string, path: string, token: string): string {
  return `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

/** t***@example.jp: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, 1)}***${email.slice(at)}`;
}

export function emailVerificationMail(to: string, url: string): Mail {
  return mail(to, 'メールアドレスの確認', [
    'すこやかにご登録いただき、ありがとうございます。',
    '次のリンクを開いて、メールアドレスの確認を完了してください。',
    '',
    url,
    '',
    'このリンクの有効期限は24時間です。一度開くと使えなくなります。',
    '期限が切れた場合は、ログインして確認メールを再送信してください。',
    '',
    'お心当たりのない場合は、このメールを破棄してください。どなたかがメールアドレスを誤って入力した可能性があります。',
  ]);
}

export function alreadyRegisteredSignUpMail(to: string, publicUrl: string): Mail {
  return mail(to, '新規登録のお申し込みについて', [
    'このメールアドレスで、すこやかの新規登録のお申し込みがありました。',
    'このメールアドレスはすでに登録されているため、新しいアカウントは作成していません。',
    '',
    'ご自身でお申し込みになった場合は、登録済みのアカウントでログインしてください。',
    `ログイン: ${publicUrl}/login`,
    'パスワードをお忘れの場合は、次のページから再設定できます。',
    `${publicUrl}/password_reset/new`,
    '',
    'お心当たりのない場合は、このメールを破棄してください。アカウントに変更はありません。',
  ]);
}

export function passwordResetMail(to: string, url: string): Mail {
  return mail(to, 'パスワードの再設定', [
    'パスワード再設定のお申し込みを受け付けました。',
    '次のリンクを開いて、新しいパスワードを設定してください。',
    '',
    url,
    '',
    'このリンクの有効期限は30分です。一度使うと使えなくなります。',
    '',
    'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
  ]);
}

export function passwordChangedMail(to: string, publicUrl: string): Mail {
  return mail(to, 'パスワードを変更しました', [
    'すこやかのパスワードを再設定しました。安全のため、すべての端末からログアウトしています。',
    '新しいパスワードでログインしてください。',
    `${publicUrl}/login`,
    '',
    'お心当たりのない場合は、すぐに次のページからパスワードを再設定し、よくある質問・お問い合わせからご連絡ください。',
    `${publicUrl}/password_reset/new`,
  ]);
}

export function emailChangeMail(to: string, url: string): Mail {
  return mail(to, 'メールアドレス変更の確認', [
    'すこやかのメールアドレスを、このメールアドレスに変更するお申し込みがありました。',
    '次のリンクを開くと、変更が完了します。',
    '',
    url,
    '',
    'このリンクの有効期限は24時間です。一度開くと使えなくなります。',
    '',
    'お心当たりのない場合は、このメールを破棄してください。メールアドレスは変更されません。',
  ]);
}

export function emailChangeToRegisteredAddressMail(to: string, publicUrl: string): Mail {
  return mail(to, 'メールアドレス変更のお申し込みについて', [
    'すこやかの別のアカウントから、メールアドレスをこのメールアドレスに変更するお申し込みがありました。',
    'このメールアドレスはすでに登録されているため、変更は行われません。',
    '',
    'このメールアドレスのアカウントをお使いの場合は、そのままログインしてご利用ください。',
    `${publicUrl}/login`,
    '',
    'お心当たりのない場合は、このメールを破棄してください。あなたのアカウントに変更はありません。',
  ]);
}

export function emailChangedNoticeMail(to: string, newEmail: string, publicUrl: string): Mail {
  return mail(to, 'メールアドレスを変更しました', [
    `すこやかに登録されたメールアドレスを ${maskEmail(newEmail)} に変更しました。`,
    '今後のお知らせは新しいメールアドレスにお送りします。',
    '',
    'お心当たりのない場合は、第三者がアカウントを利用している可能性があります。',
    'よくある質問・お問い合わせからすぐにご連絡ください。',
    `${publicUrl}/faq`,
  ]);
}

export function accountLockedMail(to: string, unlockUrl: string, publicUrl: string): Mail {
  return mail(to, 'ログインを一時的に停止しました', [
    'すこやかのアカウントで、パスワードの入力誤りが続きました。',
    '安全のため、このアカウントにログインしたことのない端末やブラウザからのログインを30分間停止しています。',
    'これまでにこのアカウントでログインしたことのある端末やブラウザからは、引き続きログインできます。',
    '',
    'ご自身で入力を誤った場合は、次のリンクを開くと、すぐにログインできるようになります。',
    unlockUrl,
    '',
    'このリンクの有効期限は30分です。一度使うと使えなくなります。',
    '',
    'お心当たりのない場合は、第三者がパスワードを試した可能性があります。パスワードは変更されていません。',
    'このリンクは開かずに、心配な場合は次のページからパスワードを再設定してください。',
    `${publicUrl}/password_reset/new`,
  ]);
}

/** After leaving: what happened, what was kept and for how long. No link: there is nothing left to sign in to. */
export function farewellMail(to: string): Mail {
  return mail(to, '退会手続きが完了しました', [
    'すこやかをご利用いただき、ありがとうございました。退会の手続きが完了しました。',
    '',
    'プロフィール、メールアドレス、健康の記録、目標、アンケートの回答、マイナポータルから取り込んだ記録などは削除しました。',
    'ウェアラブル端末とマイナポータルの連携も解除しました。お持ちだったポイント・コインは失効しました。',
    `ポイント・コインの取引記録と操作の記録は、会計・監査のため、お名前やメールアドレスと結び付かない形で${LEAVE_RETENTION_YEARS}年間保管したのち削除します。`,
    '',
    'もう一度ご利用になる場合は、新規登録から改めてお手続きください。',
    '',
    'お心当たりのない場合は、健康保険組合にお問い合わせください。',
  ]);
}
