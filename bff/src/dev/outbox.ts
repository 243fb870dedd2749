/**
 * What the local fakes received: every mail the fake SMTP server accepted and every SMS the fake
 * provider was asked to send. Development and tests only; production has no outbox.
 */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

export interface OutboxSms {
  to: string;
  text: string;
  sentAt: string;
}

export class DevOutbox {
  private readonly mails: OutboxMail[] = [];
  private readonly sms: OutboxSms[] = [];
  private readonly waiters = new Set<() => void>();

  addMail(mail: OutboxMail): void {
    this.mails.push(mail);
    this.notify();
  }

  addSms(message: OutboxSms): void {
    this.sms.push(message);
    this.notify();
  }

  /** Newest first, as `/__dev/outbox.json` answers. */
  snapshot(): { mails: OutboxMail[]; sms: OutboxSms[] } {
    return { mails: [...this.mails].reverse(), sms: [...this.sms].reverse() };
  }

  /** The newest mail to an address (tests and journeys read links from it). */
  latestMailTo(address: string): OutboxMail | undefined {
    return this.snapshot().mails.find((mail) => mail.to.toLowerCase() === address.toLowerCase());
  }

  latestSmsTo(number: string): OutboxSms | undefined {
    return this.snapshot().sms.find((message) => message.to === number);
  }

  /** Resolves when something arrives (SMTP delivery is asynchronous to the call that sent it). */
  async waitFor<T>(find: () => T | undefined, timeoutMs = 5000): Promise<T> {
    const found = find();
    if (found !== undefined) return found;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error('nothing arrived in the outbox in time'));
      }, timeoutMs);
      const check = () => {
        const value = find();
        if (value === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(value);
      };
      this.waiters.add(check);
    });
  }

  clear(): void {
    this.mails.length = 0;
    this.sms.length = 0;
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
