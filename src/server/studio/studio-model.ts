// The pure form model of src/shared/studio (the studio page uses the same code), in one import for this module.
export { readQuestion, readStep } from '../../shared/studio/step-view';
export { writeQuestion } from '../../shared/studio/question-write';
export { writeDocument, writeFlows, writeStepRaw, writeStepTexts } from '../../shared/studio/step-write';
export { questionProblems } from '../../shared/studio/question-problems';
export { formsChanges } from '../../shared/studio/forms-changes';
export { textEntries, withTexts, type TextEntry } from '../../shared/studio/text-entries';
export { textOf } from '../../shared/studio/step-texts';
export { placeProblems } from '../../shared/studio/place-problems';
