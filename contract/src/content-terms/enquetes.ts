/*
 * What the enquete page checks and says before sending (/enquetes/:id), and the server again; the
 * schemas are the content area's (../content/enquetes.ts).
 */

export const ENQUETE_TEXT_MAX = 1000;
export const ENQUETE_REQUIRED_MESSAGE = '必須の設問に回答してください';

/** An answer as the page and the server hold it (the schema's output, EnqueteAnswer). */
interface GivenAnswer {
  questionId: string;
  choiceIds?: string[] | undefined;
  scale?: number | undefined;
  text?: string | undefined;
}

/** An answer counts as given when it carries a choice, a scale value or non-blank text. */
export function isAnswerGiven(answer: GivenAnswer | undefined): boolean {
  if (!answer) return false;
  return (answer.choiceIds?.length ?? 0) > 0 || answer.scale !== undefined || (answer.text ?? '').trim().length > 0;
}

/**
 * The required questions left unanswered, by id: the page checks it before sending and the
 * server again against the stored questions.
 */
export function missingRequiredAnswers(questions: Array<{ id: string; required: boolean }>, answers: GivenAnswer[]): string[] {
  const byId = new Map(answers.map((answer) => [answer.questionId.toLowerCase(), answer]));
  return questions.filter((question) => question.required && !isAnswerGiven(byId.get(question.id))).map((question) => question.id);
}

export const EnqueteErrorCodes = {
  /** 409: the member has answered this enquete already. */
  alreadyAnswered: 'enquete_already_answered',
  /** 409: the enquete closed before the answer arrived. */
  closed: 'enquete_closed',
} as const;
