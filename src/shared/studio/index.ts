/** The studio's form model (README.md here): what the server and the studio page import. */
export { formsChanges } from './forms-changes';
export { placeProblems } from './place-problems';
export { QUESTION_PROBLEM_CODES, questionProblems, type QuestionProblem } from './question-problems';
export { writeQuestion } from './question-write';
export { readQuestion, readStep, type StepView } from './step-view';
export { removeStep, writeDocument, writeFlows, writeStepRaw, writeStepTexts } from './step-write';
export { localizedOf, textOf } from './step-texts';
export { stepsInFlowOrder, textEntries, withTexts, type TextEntry } from './text-entries';
