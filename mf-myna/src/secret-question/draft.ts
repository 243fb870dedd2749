/*
 * The question and answer chosen on /secret_question/new, held until /confirm creates them. In
 * memory only, on purpose: an answer is like a password and never goes into storage or the
 * address; a reload of /confirm starts again at /new.
 */
interface SecretQuestionDraft {
  questionId: string;
  question: string;
  answer: string;
}

let draft: SecretQuestionDraft | null = null;

export const secretQuestionDraft = {
  get: (): SecretQuestionDraft | null => draft,
  set: (next: SecretQuestionDraft): void => {
    draft = next;
  },
  clear: (): void => {
    draft = null;
  },
};
